import { CHAT_MESSAGES, CHAT_STARTERS } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Tenant;
let b: Tenant;
const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const ask = async (token: string, content: string, extra: object = {}) => {
  const res = await as(token, 'POST', '/api/chatbot', { messages: [{ role: 'user', content }], ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { response: string; navigation?: string | null };
};
const product = (tenant: Tenant, body: object) =>
  as(tenant.admin.token, 'POST', '/api/inventory', body).then((r) => {
    expect(r.statusCode, r.body).toBe(201);
    return r.json();
  });

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Chat A');
  b = await createTenant(t, 'Chat B');
  await product(a, { name: 'Blue Jar', sku: 'JAR1', quantity: 2, min_stock_level: 5 });
  await product(a, { name: 'Red Lid', sku: 'LID1', quantity: 0, min_stock_level: 3 });
  await product(a, { name: 'Green Box', sku: 'BOX1', quantity: 50, min_stock_level: 5, unit_cost: 2.5 });
  await product(b, { name: 'B Only Widget', sku: 'JAR1', quantity: 1, min_stock_level: 9 });
});
afterAll(() => t.close());

describe('conversations', () => {
  it('creates with the title rule, lists latest first, renames, deletes one and all', async () => {
    const long = 'Which of my products will run out first this month, and what should I reorder?';
    const c1 = (await as(a.member.token, 'POST', '/api/chat/conversations', { title: long })).json();
    expect(c1.title).toBe(`${long.slice(0, 50)}...`);
    const c2 = (await as(a.member.token, 'POST', '/api/chat/conversations', { title: 'Short' })).json();
    await as(a.member.token, 'POST', `/api/chat/conversations/${c1.id}/messages`, {
      content: 'Hello',
      sender: 'user',
    });
    const list = (await as(a.member.token, 'GET', '/api/chat/conversations')).json();
    expect(list.map((c: { id: number }) => c.id)).toEqual([c1.id, c2.id]);
    const renamed = await as(a.member.token, 'PUT', `/api/chat/conversations/${c2.id}`, { title: 'Renamed' });
    expect(renamed.json()).toMatchObject({ id: c2.id, title: 'Renamed', is_active: true });
    expect((await as(a.member.token, 'DELETE', `/api/chat/conversations/${c2.id}`)).statusCode).toBe(200);
    expect((await as(a.member.token, 'DELETE', `/api/chat/conversations/${c2.id}`)).statusCode).toBe(404);
    // Someone else in the same company cannot read it.
    const other = await as(a.operator.token, 'GET', `/api/chat/conversations/${c1.id}/messages`);
    expect(other.json()).toEqual({ message: CHAT_MESSAGES.conversationNotFound });
    expect((await as(a.member.token, 'DELETE', '/api/chat/conversations')).statusCode).toBe(200);
    expect((await as(a.member.token, 'GET', '/api/chat/conversations')).json()).toEqual([]);
  });

  it('saves the question and the answer when the chatbot is given a conversation', async () => {
    const c = (await as(a.member.token, 'POST', '/api/chat/conversations', { title: 'Stock' })).json();
    const r = await as(a.member.token, 'POST', '/api/chatbot', {
      messages: [{ role: 'user', content: 'What is low on stock?' }],
      conversation_id: c.id,
    });
    expect(r.json().navigation).toBe('/inventory');
    const msgs = (await as(a.member.token, 'GET', `/api/chat/conversations/${c.id}/messages`)).json();
    expect(msgs.map((m: { sender: string }) => m.sender)).toEqual(['user', 'assistant']);
    expect(msgs[0].content).toBe('What is low on stock?');
    expect(msgs[1]).toMatchObject({ content: r.json().response, navigation: '/inventory' });
  });
});

describe('the built-in provider', () => {
  it('names exactly the low and out-of-stock products of the caller’s company', async () => {
    const r = await ask(a.member.token, 'What is low on stock?');
    expect(r.response).toContain('**Blue Jar** (SKU JAR1): 2 units');
    expect(r.response).toContain('### Out of stock\n- **Red Lid** (SKU LID1): 0 units');
    expect(r.response).not.toContain('Green Box');
    expect(r.response).not.toContain('B Only Widget');
    expect(r.response.endsWith('[Navigate to Inventory →]')).toBe(true);
    expect(r.navigation).toBe('/inventory');
  });

  it('finds a product by SKU or name with its quantity, in the caller’s company only', async () => {
    const bySku = await ask(a.member.token, 'Where is JAR1?');
    expect(bySku.response).toContain('**Blue Jar** (SKU JAR1): 2 units');
    expect(bySku.response).not.toContain('B Only Widget');
    const byName = await ask(b.member.token, 'How many Blue Jar do we have?');
    expect(byName.response).toContain('no product');
  });

  it('gives the inventory value at cost', async () => {
    const r = await ask(a.member.token, 'What is my inventory worth?');
    expect(r.response).toContain('**$125.00**');
    expect(r.navigation).toBe('/dashboard');
  });

  it('writes the value answer’s counts with their thousands grouped, as the dashboard shows them', async () => {
    const big = await createTenant(t, 'Chat Big');
    await product(big, {
      name: 'Tent peg',
      sku: 'PEG1',
      quantity: 12_345,
      min_stock_level: 5,
      unit_cost: 0.1,
    });
    const r = await ask(big.member.token, 'What is my inventory worth?');
    expect(r.response).toContain('**$1,234.50**');
    expect(r.response).toContain('1 product, 12,345 units, 0 vendors and 0 categories');
  });

  it('tells a member readers are not theirs to see, and an operator which are registered', async () => {
    expect((await ask(a.member.token, 'Which readers are offline?')).response).toContain(
      'operators and admins',
    );
    const op = await ask(a.operator.token, 'Which readers are offline?');
    expect(op.response).toContain('No readers are registered yet');
    expect(op.navigation).toBe('/devices');
  });

  it('answers the six starters with their page, and says it cannot look at images', async () => {
    const pages = ['/devices', '/inventory', '/audits', '/print-labels', '/reports', '/dashboard'];
    for (const [i, s] of CHAT_STARTERS.entries()) {
      const r = await ask(a.admin.token, s.question);
      expect(r.response.startsWith('## '), s.label).toBe(true);
      expect(r.navigation, s.label).toBe(pages[i]);
    }
    // A member has no Devices page: no button to a page they cannot open.
    expect((await ask(a.member.token, CHAT_STARTERS[0].question)).navigation).toBeNull();
    const img = await ask(a.member.token, 'What is this?', { image: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(img.response).toContain("can't look at images");
  });

  it('lists what expires soonest, in stock only, with the days left in words', async () => {
    const c = await createTenant(t, 'Chat Expiry');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await product(c, { name: 'Milk', sku: 'MLK1', quantity: 3, expiration_date: day(0) });
    await product(c, { name: 'Bread', sku: 'BRD1', quantity: 1, expiration_date: day(1) });
    await product(c, { name: 'Empty Shelf Cheese', sku: 'CHS1', quantity: 0, expiration_date: day(2) });
    await product(c, { name: 'Jam', sku: 'JAM1', quantity: 12, expiration_date: day(10) });
    const { response } = await ask(c.member.token, 'What expires soon?');
    expect(response).toBe(
      [
        '## Expiring soon',
        '',
        `- **Milk** (SKU MLK1): 3 units, expires ${day(0)} (expires today)`,
        `- **Bread** (SKU BRD1): 1 unit, expires ${day(1)} (1 day left)`,
        `- **Jam** (SKU JAM1): 12 units, expires ${day(10)} (10 days left)`,
        '',
        '[Navigate to Dashboard →]',
      ].join('\n'),
    );
  });

  it('reports no audits and nothing expiring on a fresh company', async () => {
    expect((await ask(b.member.token, 'How did the last audits go?')).response).toContain('No audits yet');
    expect((await ask(b.member.token, 'What expires soon?')).response).toBe(
      'No products expiring within the next 30 days.',
    );
  });
});

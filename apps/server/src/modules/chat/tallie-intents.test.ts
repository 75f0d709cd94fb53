import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditDiscrepancies, audits } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** What people type, answered through POST /api/chatbot by the built-in provider and its intent recognizer. */
type Reply = {
  response: string;
  navigation?: string | null;
  suggestions?: string[];
  assistant_message?: { suggestions?: string[]; metadata: Record<string, unknown> | null };
};

let t: TestApp;
let a: Tenant;
let b: Tenant;
const DAY = 86_400_000;
const dayOffset = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

const ask = async (token: string, content: string, extra: object = {}): Promise<Reply> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chatbot',
    headers: bearer(token),
    payload: { messages: [{ role: 'user', content }], ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const product = async (tenant: Tenant, body: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: bearer(tenant.admin.token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
};

/** Audit rows written straight to the table (the audits API has its own tests), started at `at`. */
async function audit(
  tenant: Tenant,
  name: string,
  at: Date,
  status: 'completed' | 'failed' | 'in_progress',
  found: { expected: number; discrepancies: number } = { expected: 10, discrepancies: 0 },
) {
  const [row] = await t.database.db
    .insert(audits)
    .values({
      companyId: tenant.companyId,
      clientAuditId: randomUUID(),
      name,
      status,
      createdAt: at,
      completedAt: status === 'completed' ? at : null,
      tagsExpected: found.expected,
      tagsFound: found.expected - found.discrepancies,
      expectedCount: found.expected,
      discrepanciesCount: found.discrepancies,
      accuracy:
        status === 'completed'
          ? Math.round(((found.expected - found.discrepancies) / found.expected) * 100)
          : null,
    })
    .returning({ id: audits.id });
  return row?.id as number;
}

const now = new Date();
const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Intents A');
  b = await createTenant(t, 'Intents B');
  await product(a, { name: 'Blue Jar', sku: 'JAR1', quantity: 2, min_stock_level: 5 });
  await product(a, { name: 'Green Box', sku: 'BOX1', quantity: 50, min_stock_level: 5 });
  await product(a, { name: 'Weather Station', sku: 'WTH1', quantity: 4 });
  await product(a, { name: 'Oat Milk', sku: 'OAT1', quantity: 6, expiration_date: dayOffset(3) });
  await product(a, { name: 'Rye Bread', sku: 'RYE1', quantity: 2, expiration_date: dayOffset(12) });
  // This month: two failed audits, one completed with discrepancies, one clean. Last month: one failed.
  await audit(a, 'Backroom March', monthStart, 'failed');
  await audit(a, 'Front shelf', monthStart, 'failed');
  await audit(a, 'Full store', monthStart, 'completed', { expected: 20, discrepancies: 2 });
  await audit(a, 'Clean count', monthStart, 'completed');
  await audit(a, 'Old failure', lastMonth, 'failed');
  // The latest completed audit, with what it found short and extra.
  const latest = await audit(a, 'Latest count', new Date(), 'completed', { expected: 8, discrepancies: 2 });
  await t.database.db.insert(auditDiscrepancies).values([
    {
      companyId: a.companyId,
      auditId: latest,
      productSku: 'JAR1',
      productName: 'Blue Jar',
      epc: 'E2801170000000000000A001',
      expectedQuantity: 2,
      foundQuantity: 0,
      discrepancyType: 'shortage',
    },
    {
      companyId: a.companyId,
      auditId: latest,
      productSku: 'BOX1',
      productName: 'Green Box',
      epc: 'E2801170000000000000A002',
      expectedQuantity: 50,
      foundQuantity: 51,
      discrepancyType: 'overage',
    },
  ]);
}, 120_000);
afterAll(() => t.close());

describe('the phrasings the issue quotes', () => {
  it('are each answered with the right topic, not the introduction or a product search', async () => {
    const cases: [string, string, string][] = [
      ['which items need reordering', '## Low stock', '/inventory'],
      ['do we need to restock anything', '## Low stock', '/inventory'],
      ['which products go bad this month', '## Expiring this month', '/dashboard'],
      ['what did we lose in the last count', '## Missing in the last audit', '/audits'],
      ['results of recent counts', '## Latest audits', '/audits'],
      ['how to make rfid tags for products', '## Printing RFID labels', '/print-labels'],
      ['how many audits failed this month', '## Failed audits this month', '/audits'],
      ['I am new here, where do I begin?', '## Getting started with Quantics', '/inventory'],
      ['help me connect my RFD40', '## Setting up an RFID reader', '/devices'],
    ];
    for (const [question, heading, page] of cases) {
      const r = await ask(a.admin.token, question);
      expect(r.response.startsWith(heading), `${question}: ${r.response.slice(0, 80)}`).toBe(true);
      expect(r.navigation, question).toBe(page);
      expect(r.suggestions, question).toBeUndefined();
    }
    for (const question of ['which scanners need charging', 'Which readers need attention?']) {
      const r = await ask(a.operator.token, question);
      expect(r.response, question).toContain('No readers are registered yet');
    }
  });
});

describe('periods and entities', () => {
  it('counts this month’s failed audits, not last month’s, and lists them', async () => {
    const r = await ask(a.member.token, 'how many audits failed this month');
    expect(r.response).toContain('**2** failed audits this month');
    expect(r.response).toContain('of 5 audits in all');
    expect(r.response).toContain('By status: 3 completed, 2 failed.');
    expect(r.response).toContain('**Backroom March** (failed)');
    expect(r.response).toContain('**Front shelf** (failed)');
    expect(r.response).not.toContain('Old failure');
    const last = await ask(a.member.token, 'failed audits last month');
    expect(last.response).toContain('**1** failed audit last month');
    expect(last.response).toContain('**Old failure** (failed)');
    // Another company's audits are not counted.
    expect((await ask(b.member.token, 'how many audits failed this month')).response).toContain(
      'No audits this month',
    );
  });

  it('looks 7 days ahead for "next week" and 30 by default', async () => {
    const week = await ask(a.member.token, 'what is expiring next week?');
    expect(week.response).toContain('## Expiring next week');
    expect(week.response).toContain('**Oat Milk** (SKU OAT1): 6 units');
    expect(week.response).not.toContain('Rye Bread');
    const soon = await ask(a.member.token, 'anything going out of date soon?');
    expect(soon.response).toContain('Oat Milk');
    expect(soon.response).toContain('Rye Bread');
    const today = await ask(a.member.token, 'what expires today');
    expect(today.response).toBe('No products expiring today.');
  });

  it('finds the product a question names, by name or SKU, in the caller’s company only', async () => {
    const byName = await ask(a.member.token, 'where is the blue jar kept?');
    expect(byName.response).toContain('## Products matching "blue jar"');
    expect(byName.response).toContain('**Blue Jar** (SKU JAR1): 2 units');
    const bySku = await ask(a.member.token, 'how many BOX1 have we got');
    expect(bySku.response).toContain('**Green Box** (SKU BOX1): 50 units');
    expect((await ask(b.member.token, 'where is the blue jar')).response).toContain('no product');
    expect((await ask(a.member.token, 'where is')).response).toContain('Which product?');
  });

  it('lists what the last audit found short and extra', async () => {
    const r = await ask(a.member.token, 'what went missing in the latest audit?');
    expect(r.response).toContain('**Latest count**');
    expect(r.response).toContain('### Short\n- **Blue Jar** (SKU JAR1): expected 2, found 0');
    expect(r.response).toContain('### Extra\n- **Green Box** (SKU BOX1): expected 50, found 51');
    expect((await ask(b.member.token, 'what went missing in the latest audit?')).response).toContain(
      'No audit has been completed yet',
    );
  });

  it('opens the page asked for when the role has it', async () => {
    expect((await ask(a.admin.token, 'take me to the team page')).navigation).toBe('/team');
    const member = await ask(a.member.token, 'take me to the team page');
    expect(member.response).toContain('The **Team** page is not in your menu.');
    expect(member.navigation).toBeNull();
    expect((await ask(a.member.token, 'open reports')).navigation).toBe('/reports');
  });

  it('gives a member no reader answer, however it is asked', async () => {
    for (const q of ['which scanners need charging', 'are any readers offline?']) {
      const r = await ask(a.member.token, q);
      expect(r.response, q).toBe('Readers are visible to operators and admins only.');
    }
  });
});

describe('when Tallie is not sure', () => {
  it('says so and offers the closest questions as suggestions, each of which it then answers', async () => {
    const r = await ask(a.member.token, 'zzkq plorf wibble');
    expect(r.response).toContain('I didn\'t understand "zzkq plorf wibble"');
    expect(r.suggestions?.length).toBeGreaterThanOrEqual(2);
    expect(r.suggestions?.length).toBeLessThanOrEqual(3);
    for (const s of r.suggestions ?? []) {
      const next = await ask(a.member.token, s);
      expect(next.suggestions, s).toBeUndefined();
      expect(next.response.startsWith('##') || next.response.startsWith('No '), s).toBe(true);
    }
  });

  it('never searches the catalogue with the words of a question that is not about a product', async () => {
    for (const q of [
      'what is the capital of spain',
      'tell me about the world cup',
      'what is the meaning of life',
      'which products are almost gone',
      'walk me through the setup',
      'banana bread recipe please',
    ]) {
      const r = await ask(a.member.token, q);
      expect(r.response, q).not.toContain('Products matching');
      expect(r.response, q).not.toContain('no product');
    }
  });

  it('offers a member no reader question, and keeps the suggestions with the saved reply', async () => {
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: bearer(a.member.token),
      payload: { title: 'Unsure' },
    });
    const r = await ask(a.member.token, 'hello there', { conversation_id: c.json().id });
    expect(r.response).toContain("I'm **Tallie**");
    expect(r.suggestions).toEqual([
      'What is low on stock?',
      'How did the last audits go?',
      'How do I get started with Quantics?',
    ]);
    expect(r.assistant_message?.suggestions).toEqual(r.suggestions);
    const saved = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${c.json().id}/messages`,
      headers: bearer(a.member.token),
    });
    expect(saved.json()[1].suggestions).toEqual(r.suggestions);
    const unsure = await ask(a.member.token, 'reader battery offline scanner');
    expect(unsure.response).toBe('Readers are visible to operators and admins only.');
    for (const s of unsure.suggestions ?? []) expect(s).not.toBe('Which readers are offline?');
    // A question Tallie is unsure of, with suggestions: an operator is offered the reader question, a member is not.
    const asOperator = await ask(a.operator.token, 'scanner zzkq');
    expect(asOperator.suggestions).toContain('Which readers are offline?');
    const asMember = await ask(a.member.token, 'scanner zzkq');
    expect(asMember.suggestions?.length).toBeGreaterThanOrEqual(2);
    expect(asMember.suggestions).not.toContain('Which readers are offline?');
  });
});

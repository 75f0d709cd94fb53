import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditDiscrepancies, audits, countPlans, reasonCodes } from '../../db/schema/index.ts';
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
/** Count plans and shrink (issues 36 and 35): a company of its own, whose counts are only the ones made here. */
let c: Tenant;
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
  c = await createTenant(t, 'Intents C');
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
    expect(today.response).toBe(
      '## Expiring today\n\nNo products expiring today.\n\n[Navigate to Dashboard →]',
    );
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
    const asOperator = await ask(a.operator.token, 'scanner zzkq plorf');
    expect(asOperator.suggestions).toContain('Which readers are offline?');
    const asMember = await ask(a.member.token, 'scanner zzkq plorf');
    expect(asMember.suggestions?.length).toBeGreaterThanOrEqual(2);
    expect(asMember.suggestions).not.toContain('Which readers are offline?');
  });
});

const post = async (tenant: Tenant, url: string, body: object) => {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(tenant.admin.token), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string };
};
const shortDay = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

describe('what needs counting (count plans, issue 36)', () => {
  const longAgo = new Date(Date.now() - 10 * DAY);
  beforeAll(async () => {
    const backroom = await post(c, '/api/locations', { name: 'Backroom' });
    const floor = await post(c, '/api/locations', { name: 'Sales floor' });
    const aisle = await post(c, '/api/locations', { name: 'Aisle 3' });
    // Due today, for the operator; never counted.
    await post(c, '/api/count-plans', {
      name: 'Backroom weekly',
      location_ids: [backroom.id],
      every_days: 7,
      grace_days: 2,
      blind: false,
      assignee_user_id: c.operator.userId,
    });
    // Made ten days ago, daily, no grace: the sales floor is overdue; aisle 3 was counted today.
    const daily = await post(c, '/api/count-plans', {
      name: 'Floor daily',
      location_ids: [floor.id, aisle.id],
      every_days: 1,
      grace_days: 0,
      blind: false,
    });
    await t.database.db.update(countPlans).set({ createdAt: longAgo }).where(eq(countPlans.id, daily.id));
    await t.database.db.insert(audits).values({
      companyId: c.companyId,
      clientAuditId: randomUUID(),
      name: 'Aisle count',
      status: 'completed',
      locationId: aisle.id,
      createdAt: new Date(),
      completedAt: new Date(),
      tagsExpected: 1,
      tagsFound: 1,
      expectedCount: 1,
      discrepanciesCount: 0,
      accuracy: 100,
    });
  });

  it('lists the places due today, the person’s own first, overdue marked, with the coverage', async () => {
    for (const q of ['what needs counting today', 'What needs counting today?', 'any counts due for me?']) {
      const r = await ask(c.operator.token, q);
      expect(r.response.startsWith('## Due for counting today'), `${q}: ${r.response.slice(0, 80)}`).toBe(
        true,
      );
      expect(r.response).toContain('**2** locations are due for counting, 1 of them overdue.');
      expect(r.response).toContain('Coverage: **33%** of 3 planned locations counted within their rhythm.');
      expect(r.response).toContain('### Yours\n- **Backroom** (Backroom weekly): due');
      expect(r.response).toContain('never counted');
      expect(r.response).toContain(
        `### Others\n- **Sales floor** (Floor daily): **overdue** since ${shortDay(longAgo)}, never counted`,
      );
      expect(r.response).not.toContain('Aisle 3');
      expect(r.navigation).toBe('/count');
    }
    // Someone else's: no "Yours"; a member is sent to the dashboard (no Count screen in their menu).
    const member = await ask(c.member.token, 'which places need a count today?');
    expect(member.response).toContain('### Due\n- **Sales floor** (Floor daily): **overdue**');
    expect(member.response).toContain('- **Backroom** (Backroom weekly): due');
    expect(member.response).not.toContain('### Yours');
    expect(member.navigation).toBe('/dashboard');
  });

  it('lists only the overdue places for "which locations are overdue"', async () => {
    for (const q of ['which locations are overdue', 'any overdue counts?', 'what counts did we miss']) {
      const r = await ask(c.admin.token, q);
      expect(r.response.startsWith('## Overdue locations'), `${q}: ${r.response.slice(0, 80)}`).toBe(true);
      expect(r.response).toContain('**1** location is overdue for counting, of 3 planned.');
      expect(r.response).toContain('- **Sales floor** (Floor daily): **overdue**');
      expect(r.response).not.toContain('Backroom');
    }
  });

  it('says there are no plans in a company without any, and never shows another company’s', async () => {
    for (const q of ['what needs counting today', 'which locations are overdue']) {
      const r = await ask(b.operator.token, q);
      expect(r.response, q).toContain('There are no count plans yet');
      expect(r.response, q).not.toContain('Sales floor');
      expect(r.navigation, q).toBe('/audits');
    }
  });
});

describe('what we lost and why (the shrink report, issue 35)', () => {
  const now = new Date();
  const inLastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 12, 12));
  const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const lastMonthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  beforeAll(async () => {
    const code = async (c0: string) => {
      const [row] = await t.database.db
        .select({ id: reasonCodes.id })
        .from(reasonCodes)
        .where(and(eq(reasonCodes.companyId, c.companyId), eq(reasonCodes.code, c0)));
      return row?.id as number;
    };
    const [damaged, theft, found] = [await code('DAMAGED'), await code('THEFT'), await code('FOUND')];
    const line = (
      auditId: number,
      at: Date,
      sku: string,
      expected: number,
      counted: number,
      cost: string,
      reason: number,
    ) => ({
      companyId: c.companyId,
      auditId,
      productSku: sku,
      productName: sku,
      epc: `E28011700000000000${sku}`,
      expectedQuantity: expected,
      foundQuantity: counted,
      discrepancyType: expected > counted ? 'shortage' : 'overage',
      unitCost: cost,
      decision: 'approve',
      reasonCodeId: reason,
      decidedAt: at,
      appliedAt: at,
    });
    const last = await audit(c, 'Shrink last month', inLastMonth, 'completed');
    const thisMonth = await audit(c, 'Shrink this month', now, 'completed');
    await t.database.db.insert(auditDiscrepancies).values([
      // Last month: 6 damaged at $2.50 ($15), 2 stolen at $10 ($20), 1 found at $3.
      line(last, inLastMonth, 'DMG001', 10, 4, '2.50', damaged),
      line(last, inLastMonth, 'THF001', 5, 3, '10.00', theft),
      line(last, inLastMonth, 'FND001', 1, 2, '3.00', found),
      // This month: not last month's.
      line(thisMonth, now, 'DMG002', 100, 0, '1.00', damaged),
    ]);
  });

  it('answers "what did we lose last month" with the units and value at cost, by reason code', async () => {
    for (const q of ['what did we lose last month', 'What did we lose last month?', 'shrink last month']) {
      const r = await ask(c.member.token, q);
      expect(r.response.startsWith('## Lost last month'), `${q}: ${r.response.slice(0, 80)}`).toBe(true);
      expect(r.response).toContain(
        `**8 units** lost last month (${shortDay(lastMonthStart)} – ${shortDay(lastMonthEnd)}), **$35.00** at cost, over 3 adjusted lines. Found: 1 unit ($3.00).`,
      );
      // Largest loss at cost first: theft ($20) before damaged ($15).
      expect(r.response).toContain(
        '### By reason code\n- **Theft**: 2 units ($20.00), 25% of the units\n- **Damaged**: 6 units ($15.00), 75% of the units',
      );
      expect(r.response).not.toContain('100 units');
      expect(r.navigation).toBe('/reports');
    }
    // The last audit's discrepancies are still their own question.
    expect((await ask(c.member.token, 'what did we lose in the last count')).response).toMatch(
      /^## Last audit\n\nNothing was missing: /,
    );
  });

  it('answers "why" by reason code, asked outright or after the losses', async () => {
    const why = await ask(c.member.token, 'why did we lose stock last month?');
    expect(why.response.startsWith('## Why stock was lost last month')).toBe(true);
    expect(why.response).toContain('Most of it was **Theft**: 2 units ($20.00) of 8 units ($35.00).');
    const first = await ask(c.member.token, 'what did we lose last month');
    const followUp = await t.app.inject({
      method: 'POST',
      url: '/api/chatbot',
      headers: bearer(c.member.token),
      payload: {
        messages: [
          { role: 'user', content: 'what did we lose last month' },
          { role: 'assistant', content: first.response },
          { role: 'user', content: 'why?' },
        ],
      },
    });
    expect(followUp.json().response).toBe(why.response);
  });

  it('says nothing was lost when nothing was approved, in another company', async () => {
    const r = await ask(b.member.token, 'what did we lose last month');
    expect(r.response).toContain('Nothing was lost last month');
  });
});

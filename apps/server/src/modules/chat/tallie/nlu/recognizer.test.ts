import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORPUS } from './corpus.ts';
import { daysAhead, pastRange } from './entities.ts';
import { productOf } from './product-entity.ts';
import { recognize } from './recognizer.ts';

const HELD_OUT = fileURLToPath(
  new URL('../../../../../../../bench/data/tallie-held-out.tsv', import.meta.url),
);

describe('the intent recognizer', () => {
  it('recognises every question it offers as a suggestion as its own topic', async () => {
    for (const intent of CORPUS) {
      if (!intent.question) continue;
      const u = await recognize(intent.question);
      expect(u.intent, intent.question).toBe(intent.name);
      expect(u.confident, intent.question).toBe(true);
    }
  });

  it('reads the issue’s phrasings with their entities', async () => {
    const cases: [string, string, object][] = [
      ['which items need reordering', 'stock.low', {}],
      ['which products go bad this month', 'stock.expiring', { period: 'this_month' }],
      ['what expires nxt week', 'stock.expiring', { period: 'next_week' }],
      ['which scanners need charging', 'readers.status', {}],
      ['what did we lose in the last count', 'audits.losses', {}],
      ['how many audits failed this month', 'audits.recent', { period: 'this_month', status: 'failed' }],
      ['I am new here, where do I begin?', 'help.getting_started', {}],
      ['help me connect my RFD40', 'help.device_setup', {}],
      ['take me to the print labels page', 'nav.page', { page: 'print-labels' }],
      ['where is the blue jar?', 'stock.find', { product: 'blue jar' }],
    ];
    for (const [q, intent, entities] of cases) {
      const u = await recognize(q);
      expect({ intent: u.intent, confident: u.confident, entities: u.entities }, q).toEqual({
        intent,
        confident: true,
        entities,
      });
    }
  });

  it('gives the same entities when the same question comes again', async () => {
    const first = await recognize('audits completed last week');
    const again = await recognize('audits completed last week');
    expect(again.entities).toEqual({ period: 'last_week', status: 'completed' });
    expect(again).toEqual(first);
  });

  it('keeps above 90% on the held-out phrasings (bench/tallie-intents.mjs prints the exact figure)', async () => {
    const lines = readFileSync(HELD_OUT, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(lines.length).toBeGreaterThanOrEqual(150);
    let right = 0;
    for (const line of lines) {
      const [intent, entities, text] = line.split('\t') as [string, string, string];
      const u = await recognize(text);
      const want = entities === '-' ? [] : entities.split(';').map((kv) => kv.split('=') as [string, string]);
      const got = u.confident ? u.intent : 'None';
      const sameEntities = want.every(
        ([k, v]) => String(u.entities[k as keyof typeof u.entities] ?? '').toLowerCase() === v.toLowerCase(),
      );
      if (got === intent && sameEntities) right++;
    }
    expect(right / lines.length).toBeGreaterThan(0.9);
  });
});

describe('the product a question names', () => {
  it('is what is left between the words of the question', () => {
    expect(productOf('where is the blue jar kept?')).toBe('blue jar');
    expect(productOf('How many Product #777 do we have?')).toBe('Product #777');
    expect(productOf('which product has tag E28011700000020A1B2C3D4E')).toBe('E28011700000020A1B2C3D4E');
    expect(productOf('do we still have lighters')).toBe('lighters');
    expect(productOf('where is')).toBeNull();
  });
});

describe('periods', () => {
  // Wednesday 25 November 2026, 13:00 UTC.
  const now = new Date(Date.UTC(2026, 10, 25, 13));
  const iso = (d: Date | undefined) => d?.toISOString().slice(0, 10);

  it('are stretches of the past for audits', () => {
    const month = pastRange('this_month', now);
    expect([iso(month?.from), month?.to.getTime()]).toEqual(['2026-11-01', now.getTime() + 1]);
    const lastWeek = pastRange('last_week', now);
    expect([iso(lastWeek?.from), iso(lastWeek?.to)]).toEqual(['2026-11-16', '2026-11-23']);
    const lastMonth = pastRange('last_month', now);
    expect([iso(lastMonth?.from), iso(lastMonth?.to)]).toEqual(['2026-10-01', '2026-11-01']);
    expect(pastRange('next_week', now)).toBeNull();
  });

  it('are days ahead for expiring products: next week is 7', () => {
    expect(daysAhead('next_week', now)).toBe(7);
    expect(daysAhead('today', now)).toBe(0);
    expect(daysAhead('this_month', now)).toBe(5);
    expect(daysAhead('this_week', now)).toBe(4);
    expect(daysAhead(undefined, now)).toBe(30);
    expect(daysAhead('last_week', now)).toBe(30);
  });
});

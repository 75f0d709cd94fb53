import { COUNT_LOOKUP_CODES, COUNT_LOOKUP_MS, type TCountSheetItem } from '@quantics/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LookupKey } from './count-tally';
import { SheetLookup } from './sheet-lookup';

// The batching of the Count screen's lookups, with the clock faked: what goes in one call, when, and never twice.

const item = (epc: string): TCountSheetItem => ({ epc, name: epc, sku: epc, expected: 0, in_scope: true });
const epcOf = (n: number) => n.toString(16).toUpperCase().padStart(24, '0');

let calls: { epcs: string[]; codes: string[] }[];
let named: Set<LookupKey>;
let answered: LookupKey[][];
let isDown: boolean;
function lookup() {
  return new SheetLookup({
    ask: async (read) => {
      calls.push(read);
      if (isDown) throw new TypeError('Failed to fetch');
      return read.epcs.map(item);
    },
    isNamed: (k) => named.has(k),
    onNamed: (keys) => {
      for (const k of keys) named.add(k);
      answered.push(keys);
    },
    isRetryable: (err) => err instanceof TypeError,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  named = new Set();
  answered = [];
  isDown = false;
});
afterEach(() => vi.useRealTimers());

describe('the sheet lookup batches what was read', () => {
  it('asks once for the reads of a few hundred milliseconds, tags and codes together, never a key twice', async () => {
    const l = lookup();
    l.want(`epc:${epcOf(1)}`);
    l.want('code:SKU-1');
    l.want(`epc:${epcOf(1)}`);
    await vi.advanceTimersByTimeAsync(COUNT_LOOKUP_MS - 1);
    expect(calls).toEqual([]);
    l.want(`epc:${epcOf(2)}`);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ epcs: [epcOf(1), epcOf(2)], codes: ['SKU-1'] }]);
    expect(l.waiting).toBe(0);
    // Named once: read again, it is not asked again.
    l.want(`epc:${epcOf(1)}`);
    l.want('code:SKU-1');
    await vi.advanceTimersByTimeAsync(COUNT_LOOKUP_MS * 5);
    expect(calls).toHaveLength(1);
  });

  it('asks at once when a full batch is waiting, at most COUNT_LOOKUP_CODES a call, one call at a time', async () => {
    const l = lookup();
    for (let n = 0; n < COUNT_LOOKUP_CODES * 2 + 5; n++) l.want(`epc:${epcOf(n)}`);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.epcs.length)).toEqual([COUNT_LOOKUP_CODES, COUNT_LOOKUP_CODES]);
    await vi.advanceTimersByTimeAsync(COUNT_LOOKUP_MS);
    expect(calls.map((c) => c.epcs.length)).toEqual([COUNT_LOOKUP_CODES, COUNT_LOOKUP_CODES, 5]);
    expect(new Set(calls.flatMap((c) => c.epcs)).size).toBe(COUNT_LOOKUP_CODES * 2 + 5);
  });

  it('keeps what is read with no connection waiting, and asks for it when the connection is back', async () => {
    const l = lookup();
    isDown = true;
    l.want(`epc:${epcOf(7)}`);
    await vi.advanceTimersByTimeAsync(COUNT_LOOKUP_MS);
    expect([calls.length, l.waiting, l.isOffline]).toEqual([1, 1, true]);
    l.want('code:SKU-7');
    isDown = false;
    l.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[1]).toEqual({ epcs: [epcOf(7)], codes: ['SKU-7'] });
    expect([l.waiting, l.isOffline, answered]).toEqual([0, false, [[`epc:${epcOf(7)}`, 'code:SKU-7']]]);
  });

  it('waits for the count to exist on the server before asking (a count started offline)', async () => {
    const l = new SheetLookup({
      ask: null,
      isNamed: () => false,
      onNamed: () => {},
      isRetryable: () => true,
    });
    l.want('code:SKU-9');
    await vi.advanceTimersByTimeAsync(COUNT_LOOKUP_MS * 10);
    const asked: string[][] = [];
    l.setAsk(async (read) => {
      asked.push(read.codes);
      return [];
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([['SKU-9']]);
  });
});

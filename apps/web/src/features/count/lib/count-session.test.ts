import { epcFromSku, identifyCode, type TCountSheet, type TWedgeRead } from '@quantics/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completedAudit } from '@/test/audits';
import type { StoredBatch, StoredCount } from './count-store';

// IndexedDB as two maps: what the session keeps, and what a reload finds.
const db = vi.hoisted(() => ({
  counts: new Map<string, StoredCount>(),
  batches: new Map<string, StoredBatch>(),
}));
vi.mock('./count-store', async (importOriginal) => {
  const real = await importOriginal<typeof import('./count-store')>();
  const copy = <T>(v: T): T => structuredClone(v);
  return {
    ...real,
    loadCount: async (key: string) => {
      const count = db.counts.get(key);
      if (!count) return null;
      const batches = [...db.batches.values()].filter((b) => b.key === key).sort((a, b) => a.seq - b.seq);
      return { count: copy(count), batches: copy(batches) };
    },
    saveCount: async (c: StoredCount) => void db.counts.set(c.key, copy(c)),
    saveBatch: async (c: StoredCount, b: StoredBatch) => {
      db.counts.set(c.key, copy(c));
      db.batches.set(`${b.key}:${b.seq}`, copy(b));
    },
    deleteBatch: async (key: string, seq: number) => void db.batches.delete(`${key}:${seq}`),
    hasBatch: async (key: string, seq: number) => db.batches.has(`${key}:${seq}`),
    deleteCount: async (key: string) => {
      db.counts.delete(key);
      for (const k of [...db.batches.keys()]) if (k.startsWith(`${key}:`)) db.batches.delete(k);
    },
  };
});

const { CountSession } = await import('./count-session');

const UPC = '012345678905';
const LABEL = '1A4F044D0000001000000001';
const TAG = epcFromSku('TAGGED');
const SHEET: TCountSheet = {
  audit_id: 7,
  tags_expected: 2 + 12 + 8,
  items: [
    { epc: TAG, name: 'Tagged tee', sku: 'TAGGED', expected: 2, in_scope: true, gtin: null },
    {
      epc: epcFromSku('OAT1'),
      name: 'Oat milk 1L',
      sku: 'OAT1',
      expected: 12,
      in_scope: true,
      gtin: `00${UPC}`,
    },
    {
      epc: LABEL,
      name: 'Lemon gummies',
      sku: LABEL,
      expected: 8,
      in_scope: true,
      gtin: null,
      is_package: true,
      units: 10,
      belongs: 'Sales Floor',
    },
  ],
};

/** The reader protocol's calls, answered as the server would. */
let calls: { method: string; path: string; body: unknown }[] = [];
/** The join's answer: this reader's next batch number in the count (the batches of it the portal has). */
let joinNext = 0;
beforeEach(() => {
  calls = [];
  joinNext = 0;
  db.counts.clear();
  db.batches.clear();
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : null;
    calls.push({ method: init.method ?? 'GET', path, body });
    const answer = path.endsWith('/sheet?items=none')
      ? { ...SHEET, items: [], packages_expected: 1, is_point_of_sale: true }
      : path.endsWith('/sheet/lookup')
        ? { audit_id: 7, items: lookedUp(body) }
        : path === '/api/rfid/audits'
          ? { audit_id: 7, status: 'in_progress' }
          : path.endsWith('/join')
            ? { audit_id: 7, status: 'in_progress', seat: 1, next_batch_seq: joinNext }
            : path.endsWith('/complete')
              ? completedAudit(7, 1)
              : { batch_seq: body.batch_seq, accepted: body.reads.length, duplicate: false };
    return new Response(JSON.stringify(answer), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const start = () =>
  CountSession.start({
    key: 'u1:c1',
    token: 'device-token',
    deviceId: 3,
    locationId: null,
    room: null,
    name: null,
    scopeLabel: 'Whole catalogue',
    isBlind: false,
  });
const epc = (value: string): TWedgeRead => ({ kind: 'epc', value });
const code = (value: string): TWedgeRead => ({ kind: 'code', value });
/** The sheet's lookup as the server answers it (the server's own test checks its SQL): by EPC, GTIN or SKU. */
function lookedUp(body: { epcs: string[]; codes: string[] }) {
  const ids = body.codes.map(identifyCode);
  return SHEET.items.filter(
    (i) =>
      body.epcs.includes(i.epc) ||
      ids.some(
        (id) => id.epc === i.epc || (i.gtin && [id.gtin, id.altGtin].includes(i.gtin)) || id.skuKey === i.sku,
      ),
  );
}
type Session = Awaited<ReturnType<typeof CountSession.start>>;
/** What was read is named by the sheet's lookup, in a batch a few hundred milliseconds later. */
const named = (session: Session | null | undefined) =>
  vi.waitFor(() => expect(session?.getView().waiting).toBe(0));
const sentReads = () => calls.filter((c) => c.path.endsWith('/reads')).map((c) => c.body);

describe('CountSession with barcodes', () => {
  it('sends tags and scans in one numbered batch: a tag added up per EPC, each scan a read of its own', async () => {
    const session = await start();
    session.take([epc(TAG), code(UPC), epc(TAG), code('oat1')], []);
    expect(session.getView()).toMatchObject({ found: 0, waiting: 3, reads: 4, unsent: 4 });
    expect(session.getView().last[0]).toMatchObject({ kind: 'waiting', title: 'Waiting to be named' });
    await named(session);
    // One lookup for the three distinct tags and codes read, never the whole sheet.
    expect(calls.filter((c) => c.path.includes('/sheet')).map((c) => [c.path, c.body])).toEqual([
      ['/api/rfid/audits/7/sheet?items=none', null],
      ['/api/rfid/audits/7/sheet/lookup', { epcs: [TAG], codes: [UPC, 'oat1'] }],
    ]);
    expect(session.getView()).toMatchObject({ found: 3, unknown: 0, reads: 4, unsent: 4 });
    const last = session.getView().last;
    expect(last.map((r) => [r.title, r.detail])).toEqual([
      ['Oat milk 1L', 'SKU OAT1'],
      ['Tagged tee', 'SKU TAGGED'],
      ['Oat milk 1L', `UPC-A ${UPC}`],
      ['Tagged tee', 'SKU TAGGED'],
    ]);
    // Only the newest plain scan takes a quantity: 6 in all, so 5 more are sent.
    expect(last.map((r) => r.canEnterQuantity)).toEqual([true, false, false, false]);
    session.enterQuantity(last[0]?.id ?? -1, 6);
    expect(session.getView().found).toBe(1 + 1 + 6);
    expect(session.getView().last[0]).toMatchObject({ quantity: 6, canEnterQuantity: false });

    await session.finish();
    expect(sentReads()).toEqual([
      {
        batch_seq: 0,
        reads: [
          { epc: TAG, count: 2, seen_at: expect.any(String) },
          { code: UPC, seen_at: expect.any(String) },
          { code: 'oat1', seen_at: expect.any(String) },
          { code: 'oat1', quantity: 5, seen_at: expect.any(String) },
        ],
      },
    ]);
    expect(calls.at(-1)).toMatchObject({ path: '/api/rfid/audits/7/complete', body: { batch_count: 1 } });
    expect(db.counts.size).toBe(0);
  });

  it('"Scan, then enter quantity": a plain scan waits for its quantity or is dropped; serials and tags never wait', async () => {
    const session = await start();
    session.take([code(UPC)], [], { askQuantity: true });
    await vi.waitFor(() => expect(session.getView().prompt).not.toBeNull());
    expect(session.getView()).toMatchObject({
      found: 0,
      reads: 0,
      prompt: { kind: 'quantity', title: 'Oat milk 1L' },
    });
    session.answerPrompt(4);
    expect(session.getView()).toMatchObject({ found: 4, reads: 1, prompt: null });
    expect(session.getView().last[0]).toMatchObject({ quantity: 4, canEnterQuantity: false });

    session.take([code(UPC), code('what-is-this')], [], { askQuantity: true });
    await vi.waitFor(() => expect(session.getView().prompt).not.toBeNull());
    expect(session.getView().prompt?.title).toBe('Oat milk 1L');
    session.dismissPrompt();
    // The unknown code waited for its name before asking.
    await vi.waitFor(() => expect(session.getView().prompt).not.toBeNull());
    expect(session.getView().prompt).toMatchObject({
      title: 'Unknown code',
      detail: '“what-is-this” matches no product',
    });
    session.answerPrompt(2);
    expect(session.getView()).toMatchObject({ found: 4, unknown: 2, prompt: null });

    session.take([epc(TAG), code(`]d201${'00'}${UPC}21S1`)], [], { askQuantity: true });
    await named(session);
    expect(session.getView()).toMatchObject({ found: 6, prompt: null });

    // A package scanned as a code asks to confirm its expected units.
    session.take([code(`]C0${LABEL}`)], [], { askQuantity: true });
    await vi.waitFor(() => expect(session.getView().prompt).not.toBeNull());
    expect(session.getView().prompt).toMatchObject({
      kind: 'package',
      title: 'Lemon gummies',
      package: { label: LABEL, room: 'Sales Floor', expected: 8 },
    });
    session.answerPrompt(null);
    expect(session.getView()).toMatchObject({ found: 6 + 8, packages: { found: 1, expected: 1 } });

    await session.finish();
    expect((sentReads()[0] as { reads: unknown[] }).reads).toEqual([
      { epc: TAG, count: 1, seen_at: expect.any(String) },
      { code: UPC, quantity: 4, seen_at: expect.any(String) },
      { code: 'what-is-this', quantity: 2, seen_at: expect.any(String) },
      { code: `]d20100${UPC}21S1`, seen_at: expect.any(String) },
      { code: `]C0${LABEL}`, seen_at: expect.any(String) },
    ]);
  });

  it('counts a package by its tag as expected, and by the quantity entered on its row', async () => {
    const session = await start();
    session.take([epc(LABEL)], []);
    await named(session);
    const row = session.getView().last[0];
    expect(row).toMatchObject({
      title: 'Lemon gummies',
      detail: `Package ${LABEL}`,
      package: { room: 'Sales Floor', expected: 8, counted: null },
      canEnterQuantity: true,
    });
    expect(session.getView().found).toBe(8);
    session.enterQuantity(row?.id ?? -1, 5);
    expect(session.getView().found).toBe(5);
    expect(session.getView().last[0]?.package?.counted).toBe(5);
    await session.finish();
    expect((sentReads()[0] as { reads: unknown[] }).reads).toEqual([
      { epc: LABEL, count: 1, seen_at: expect.any(String) },
      { code: LABEL, quantity: 5, seen_at: expect.any(String) },
    ]);
  });

  it('comes back after a reload with its scans, its list and its figures', async () => {
    const first = await start();
    first.take([epc(TAG), code(UPC), code('nothing-here')], ['7F']);
    await named(first);
    const plain = first.getView().last.find((r) => r.canEnterQuantity);
    expect(plain?.title).toBe('Unknown code');
    first.enterQuantity(plain?.id ?? -1, 3);
    const before = first.getView();
    first.stop();
    await first.flush();

    const again = await CountSession.resume('u1:c1', 'device-token');
    const view = again?.getView();
    expect(view).toMatchObject({ found: 2, unknown: 3, ignored: 1, reads: 4, unsent: 4 });
    expect(view?.last).toEqual(before.last);
    // The names came back from IndexedDB: nothing was looked up again.
    expect(calls.filter((c) => c.path.endsWith('/sheet/lookup'))).toHaveLength(1);
    again?.stop();
  });

  it('loads a count kept before barcodes were counted: tags only, no scans, no list of its own', async () => {
    const old = {
      key: 'u1:c1',
      deviceId: 3,
      clientAuditId: 'c0ffee00-0000-4000-8000-000000000000',
      auditId: 7,
      name: null,
      scopeLabel: 'Whole catalogue',
      isBlind: false,
      startedAt: Date.now(),
      nextSeq: 1,
      sheet: SHEET,
      seen: [TAG, 'E28011700000000000000001'],
      readsCount: 3,
      ignoredCount: 0,
    } satisfies StoredCount;
    db.counts.set(old.key, old);
    db.batches.set('u1:c1:0', {
      key: 'u1:c1',
      seq: 0,
      reads: [{ epc: TAG, count: 2, seen_at: '2026-01-01T00:00:00.000Z' }],
    });
    const session = await CountSession.resume('u1:c1', 'device-token');
    expect(session?.getView()).toMatchObject({ found: 1, unknown: 1, unsent: 2 });
    expect(session?.getView().last.map((r) => r.title)).toEqual(['Unknown tag', 'Tagged tee']);
    session?.take([code(UPC)], []);
    expect(session?.getView().found).toBe(2);
    await session?.finish();
    expect(sentReads()).toEqual([
      { batch_seq: 0, reads: [{ epc: TAG, count: 2, seen_at: '2026-01-01T00:00:00.000Z' }] },
      { batch_seq: 1, reads: [{ code: UPC, seen_at: expect.any(String) }] },
    ]);
  });
});

describe("CountSession and the portal's open count (issue 49)", () => {
  const protocolCalls = () =>
    calls.filter((c) => !c.path.includes('/sheet')).map((c) => [c.method, c.path, c.body]);

  it("discarding a count the portal knows finishes this reader's part with the batches that arrived", async () => {
    const session = await start();
    session.take([epc(TAG)], []);
    await session.flush();
    await vi.waitFor(() => expect(session.getView().unsent).toBe(0));
    // Batch 0 arrived: the portal answers 1 as this reader's next batch.
    joinNext = 1;
    await session.discard();
    expect(protocolCalls()).toEqual([
      ['POST', '/api/rfid/audits', expect.objectContaining({ client_audit_id: expect.any(String) })],
      ['POST', '/api/rfid/audits/7/reads', expect.objectContaining({ batch_seq: 0 })],
      ['POST', '/api/rfid/audits/7/join', null],
      ['POST', '/api/rfid/audits/7/complete', { batch_count: 1 }],
    ]);
    expect(db.counts.size).toBe(0);
    expect(db.batches.size).toBe(0);
  });

  it('discarding a count started offline and never created tells the portal nothing', async () => {
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', path, body: null });
      throw new TypeError('Failed to fetch');
    });
    const session = await start();
    expect(session.getView().isStartedOnServer).toBe(false);
    session.stop();
    const before = calls.length;
    await session.discard();
    expect(calls.slice(before)).toEqual([]);
    expect(db.counts.size).toBe(0);
  });

  it('joining a count (or resuming its own): batches go on from the number the portal answers', async () => {
    joinNext = 3;
    const session = await CountSession.join({
      key: 'u1:c1',
      token: 'device-token',
      deviceId: 3,
      count: { id: 7, name: 'Store team', audit_type: null },
      scopeLabel: 'Store',
    });
    expect(session.stored).toMatchObject({ auditId: 7, nextSeq: 3, name: 'Store team', isBlind: false });
    session.take([epc(TAG)], []);
    await named(session);
    expect(session.getView().found).toBe(1);
    await session.finish();
    expect(protocolCalls()).toEqual([
      ['POST', '/api/rfid/audits/7/join', null],
      ['POST', '/api/rfid/audits/7/reads', expect.objectContaining({ batch_seq: 3 })],
      ['POST', '/api/rfid/audits/7/complete', { batch_count: 4 }],
    ]);
  });
});

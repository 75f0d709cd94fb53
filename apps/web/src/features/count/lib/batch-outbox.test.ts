import { COUNT_BATCH_MS, epcFromSku, READER_MESSAGES, type TAudit } from '@quantics/contracts';
import { IDBFactory } from 'fake-indexeddb';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Audit, ReaderApi } from '@/test/reader-api';
import type { StoredBatch, StoredCount } from './count-store';

// The Count screen's offline queue against the reader protocol as the server answers it (MSW), over IndexedDB
// (fake-indexeddb), with the clock faked so backoff is measured, never waited for.

const api = new ReaderApi();
const TOKEN = 'qdt_browser-device';
const KEY = '3:9';
const TEE = epcFromSku('TEE');
const CAP = epcFromSku('CAP');

beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => api.server.close());

let auditId: number;
/** The outbox's calls, answered or not (a network error never reaches the server's list). */
let tries = 0;
beforeEach(() => {
  tries = 0;
  const fetchThroughMsw = globalThis.fetch;
  vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) => {
    tries++;
    return fetchThroughMsw(...args);
  });
  // Each test is a new browser: an empty IndexedDB, and the page's modules loaded afresh (openPage).
  vi.stubGlobal('indexedDB', new IDBFactory());
  // Only the timers and the clock: fake-indexeddb and MSW run on setImmediate and promises.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  api.tokens.clear();
  api.attempts.length = 0;
  api.completions.length = 0;
  api.starts.length = 0;
  api.nextSheet = { items: [], tags_expected: 0 };
  api.outage = null;
  api.loseNextAnswer = false;
  auditId = api.openAudit(TOKEN, { items: [], tags_expected: 0 });
});
afterEach(() => {
  api.server.resetHandlers();
  for (const p of pages.splice(0)) p.outbox.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Page = Awaited<ReturnType<typeof openPage>>;
/** What each test opened, stopped after it (a page left), so nothing keeps retrying into the next test. */
const pages: { outbox: { stop(): void } }[] = [];

/**
 * The Count screen's modules as a page load gives them (a reload: new modules, the same IndexedDB), with an outbox
 * over the batches IndexedDB holds, as CountSession.resume makes it.
 */
async function openPage() {
  vi.resetModules();
  const store = await import('./count-store');
  const { BatchOutbox } = await import('./batch-outbox');
  const found = await store.loadCount(KEY);
  const changes = { count: 0 };
  const outbox = new BatchOutbox(TOKEN, auditId, found?.batches ?? [], () => changes.count++);
  const page = { store, outbox, changes };
  pages.push(page);
  return page;
}

const count = (nextSeq: number): StoredCount => ({
  key: KEY,
  deviceId: 5,
  clientAuditId: '6f1c2a9e-0b7d-4c52-9f3e-2d8a1b4c5e6f',
  auditId,
  name: 'Back room',
  scopeLabel: 'Store > Back room',
  isBlind: false,
  startedAt: 0,
  nextSeq,
  sheet: { audit_id: auditId, tags_expected: 0, items: [] },
  seen: [TEE, CAP],
  scans: [{ code: '012345678905', quantity: null }],
  readsCount: 4,
  ignoredCount: 0,
});
const SEEN_AT = '2031-05-06T07:08:09.000Z';
const batch = (seq: number): StoredBatch => ({
  key: KEY,
  seq,
  reads: [
    { epc: TEE, count: 2, seen_at: SEEN_AT },
    { epc: CAP, count: 1, seen_at: SEEN_AT },
    { code: '012345678905', seen_at: SEEN_AT },
  ],
});

/** Lets IndexedDB and the network (real setImmediate, promises) run until `done`; the fake clock stays still. */
async function until(done: () => boolean, what = 'the condition') {
  for (let i = 0; i < 500; i++) {
    if (done()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
/** Everything in flight settles (the fake clock stays still). */
const settle = () => until(() => false, '').catch(() => undefined);

const sent = () => api.attempts.map((a) => a.seq);
/** The batches IndexedDB still holds for the count, by number. */
const kept = async (page: Page) => (await page.store.loadCount(KEY))?.batches.map((b) => b.seq) ?? [];

describe('BatchOutbox: sending', () => {
  it('keeps a batch in IndexedDB before it is sent, and deletes it once the server has answered', async () => {
    api.outage = 'network';
    const page = await openPage();
    await page.outbox.send(count(1), batch(0));
    // Kept with the count's progress in one go, though nothing could be sent.
    expect(await kept(page)).toEqual([0]);
    expect((await page.store.loadCount(KEY))?.count.nextSeq).toBe(1);
    expect(page.outbox.waitingReads()).toBe(4);
    expect(page.outbox.isOffline).toBe(true);

    api.outage = null;
    page.outbox.retryNow();
    await page.outbox.drain();
    expect(api.storedSeqs(auditId)).toEqual([0]);
    expect(api.stored.get(auditId)?.get(0)).toEqual(batch(0).reads);
    expect(await kept(page)).toEqual([]);
    expect(page.outbox.waitingReads()).toBe(0);
    expect(page.outbox.isOffline).toBe(false);
  });

  it('sends batches one at a time, in the order they were taken', async () => {
    const page = await openPage();
    await Promise.all([0, 1, 2].map((seq) => page.outbox.send(count(seq + 1), batch(seq))));
    await page.outbox.drain();
    expect(sent()).toEqual([0, 1, 2]);
    expect(await kept(page)).toEqual([]);
    expect(page.changes.count).toBeGreaterThan(0);
  });

  it('counts a tag read by its repeats and a scan as one while waiting', async () => {
    api.outage = 503;
    const page = await openPage();
    await page.outbox.send(count(1), batch(0));
    await page.outbox.send(count(2), {
      key: KEY,
      seq: 1,
      reads: [{ code: 'CP100115', quantity: 6, seen_at: SEEN_AT }],
    });
    // 2 + 1 repeats of tags and one scan; a scan's quantity is units, not reads.
    expect(page.outbox.waitingReads()).toBe(5);
  });

  it('saves the progress alone after what is being written, without sending anything', async () => {
    const page = await openPage();
    const sending = page.outbox.send(count(1), batch(0));
    await page.outbox.save({ ...count(1), readsCount: 9 });
    await sending;
    expect((await page.store.loadCount(KEY))?.count.readsCount).toBe(9);
    await page.outbox.drain();
    expect(sent()).toEqual([0]);
  });
});

describe('BatchOutbox: a reload', () => {
  it('sends the batches a closed page left in IndexedDB, in order, and forgets them once answered', async () => {
    api.outage = 'network';
    const before = await openPage();
    await before.outbox.send(count(1), batch(0));
    await before.outbox.send(count(2), batch(1));
    before.outbox.stop();
    expect(sent()).toEqual([]);

    api.outage = null;
    const after = await openPage();
    expect(after.outbox.waitingReads()).toBe(8);
    await after.outbox.pump();
    await after.outbox.drain();
    expect(sent()).toEqual([0, 1]);
    expect(api.stored.get(auditId)?.get(1)).toEqual(batch(1).reads);
    expect(await kept(after)).toEqual([]);
    expect(after.outbox.waitingReads()).toBe(0);
  });

  it('resends a batch whose answer was lost with the same number: the server stores it once', async () => {
    api.loseNextAnswer = true;
    const before = await openPage();
    await before.outbox.send(count(1), batch(0));
    await until(() => before.outbox.isOffline, 'the lost answer');
    before.outbox.stop();
    // The server has the batch; the browser does not know it.
    expect(api.storedSeqs(auditId)).toEqual([0]);
    expect(await kept(before)).toEqual([0]);

    const after = await openPage();
    await after.outbox.pump();
    await after.outbox.drain();
    expect(api.attempts.map((a) => [a.seq, a.reads])).toEqual([
      [0, batch(0).reads],
      [0, batch(0).reads],
    ]);
    expect(api.storedSeqs(auditId)).toEqual([0]);
    expect(await kept(after)).toEqual([]);
  });
});

describe('BatchOutbox: no connection', () => {
  /** Lets the pump run until it has tried `n` times and waits on its timer again. */
  const triesReach = (n: number) =>
    until(() => tries >= n && vi.getTimerCount() === 1, `try ${n} and the wait after it`);

  it('waits 1 s after the first failure, doubling to at most 10 s', async () => {
    api.outage = 'network';
    const page = await openPage();
    await page.outbox.send(count(1), batch(0));
    const gaps = [1000, 2000, 4000, 8000, 10_000, 10_000];
    for (const [i, gap] of gaps.entries()) {
      await triesReach(i + 1);
      expect(page.outbox.isOffline).toBe(true);
      await vi.advanceTimersByTimeAsync(gap - 1);
      await settle();
      expect(tries).toBe(i + 1);
      await vi.advanceTimersByTimeAsync(1);
    }
    await triesReach(gaps.length + 1);
    expect(tries).toBe(gaps.length + 1);
    expect(api.storedSeqs(auditId)).toEqual([]);
    expect(await kept(page)).toEqual([0]);
  });

  it('retries a server that answers 503 the same way, and sends once it is back', async () => {
    api.outage = 503;
    const page = await openPage();
    await page.outbox.send(count(1), batch(0));
    await triesReach(1);
    await vi.advanceTimersByTimeAsync(1000);
    await triesReach(2);
    expect(page.outbox.problem).toBeNull();
    api.outage = null;
    await vi.advanceTimersByTimeAsync(2000);
    await page.outbox.drain();
    expect(api.storedSeqs(auditId)).toEqual([0]);
    expect(page.outbox.isOffline).toBe(false);
    expect(await kept(page)).toEqual([]);
  });

  it('tries at once when the browser says the connection is back, then starts the backoff again at 1 s', async () => {
    api.outage = 'network';
    const page = await openPage();
    await page.outbox.send(count(1), batch(0));
    // Four failures: the outbox now waits 8 s.
    for (const gap of [1000, 2000, 4000]) {
      await triesReach(tries);
      await vi.advanceTimersByTimeAsync(gap);
    }
    await triesReach(4);
    page.outbox.retryNow();
    await triesReach(5);
    // Still down: the next wait is 1 s, not 16 s (nor 2 s).
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    expect(tries).toBe(5);
    api.outage = null;
    await vi.advanceTimersByTimeAsync(1);
    await until(() => api.storedSeqs(auditId).length === 1, 'batch 0 sent 1 s after the retry');
    await page.outbox.drain();
    expect(await kept(page)).toEqual([]);
  });

  it('after a success, the next failure waits 1 s again', async () => {
    const page = await openPage();
    api.outage = 'network';
    await page.outbox.send(count(1), batch(0));
    for (const gap of [1000, 2000]) {
      await triesReach(tries);
      await vi.advanceTimersByTimeAsync(gap);
    }
    await triesReach(3);
    api.outage = null;
    await vi.advanceTimersByTimeAsync(4000);
    await page.outbox.drain();

    api.outage = 'network';
    await page.outbox.send(count(2), batch(1));
    await triesReach(5);
    await vi.advanceTimersByTimeAsync(999);
    await settle();
    expect(tries).toBe(5);
    await vi.advanceTimersByTimeAsync(1);
    await triesReach(6);
  });

  it('stops trying once stopped (the page left)', async () => {
    api.outage = 'network';
    const page = await openPage();
    await page.outbox.send(count(1), batch(0));
    await triesReach(1);
    page.outbox.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(tries).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(await kept(page)).toEqual([0]);
  });
});

describe('BatchOutbox: refusals retrying cannot fix', () => {
  it('says the device was removed when its token is refused (401), and keeps the reads', async () => {
    const page = await openPage();
    api.tokens.delete(TOKEN);
    await page.outbox.send(count(1), batch(0));
    await expect(page.outbox.drain()).rejects.toThrow(READER_MESSAGES.deviceTokenRequired);
    expect(page.outbox.problem).toEqual({
      kind: 'device-removed',
      message: READER_MESSAGES.deviceTokenRequired,
    });
    // Nothing more is tried, and what was read stays on this browser.
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(api.attempts).toEqual([]);
    expect(await kept(page)).toEqual([0]);
    expect(page.outbox.waitingReads()).toBe(4);
  });

  it.each([
    {
      when: 'the audit is not this device’s (404)',
      message: READER_MESSAGES.auditNotFound,
      change: (audit: Audit) => Object.assign(audit, { deviceToken: 'qdt_another-device' }),
      reached: [],
    },
    {
      when: 'the audit was completed (409)',
      message: READER_MESSAGES.auditCompleted,
      change: (audit: Audit) => Object.assign(audit, { status: 'completed' }),
      reached: [0],
    },
    {
      when: 'the audit failed (409)',
      message: READER_MESSAGES.auditFailed,
      change: (audit: Audit) => Object.assign(audit, { status: 'failed' }),
      reached: [0],
    },
  ])('stops with the server’s message when $when', async ({ message, change, reached }) => {
    const page = await openPage();
    change(api.auditOf(auditId));
    await page.outbox.send(count(1), batch(0));
    await page.outbox.send(count(2), batch(1));
    await expect(page.outbox.drain()).rejects.toThrow(message);
    expect(page.outbox.problem).toEqual({ kind: 'audit-closed', message });
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    // The first refusal stops the queue: the batch behind it is not tried, and both stay on this browser.
    expect(sent()).toEqual(reached);
    expect(tries).toBe(1);
    expect(await kept(page)).toEqual([0, 1]);
  });

  it('stops on any other refusal (403) with its message rather than retrying it forever', async () => {
    // A proxy in front of the portal refusing the handheld.
    api.server.use(
      http.post('/api/rfid/audits/:id/reads', () =>
        HttpResponse.json({ message: 'Blocked by the network’s filter' }, { status: 403 }),
      ),
    );
    const page = await openPage();
    await page.outbox.send(count(1), batch(0));
    await expect(page.outbox.drain()).rejects.toThrow('Blocked by the network’s filter');
    expect(page.outbox.problem).toEqual({ kind: 'audit-closed', message: 'Blocked by the network’s filter' });
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect(tries).toBe(1);
  });

  it('a drain already waiting is woken by the refusal', async () => {
    api.outage = 'network';
    const page = await openPage();
    await page.outbox.send(count(1), batch(0));
    const draining = page.outbox.drain();
    const outcome = draining.then(
      () => 'resolved',
      (err: Error) => err.message,
    );
    await until(() => page.outbox.isOffline, 'the first failure');
    api.outage = null;
    api.tokens.delete(TOKEN);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toBe(READER_MESSAGES.deviceTokenRequired);
  });
});

describe('BatchOutbox: drain', () => {
  it('resolves at once with nothing waiting', async () => {
    const page = await openPage();
    await expect(page.outbox.drain()).resolves.toBeUndefined();
    expect(api.attempts).toEqual([]);
  });

  it('waits for the batch being written, then for every batch to be answered, through an outage', async () => {
    api.outage = 'network';
    const page = await openPage();
    void page.outbox.send(count(1), batch(0));
    void page.outbox.send(count(2), batch(1));
    let isDrained = false;
    const draining = page.outbox.drain().then(() => {
      isDrained = true;
    });
    await until(() => page.outbox.isOffline, 'the first failure');
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(isDrained).toBe(false);
    api.outage = null;
    await vi.advanceTimersByTimeAsync(2000);
    await draining;
    expect(api.storedSeqs(auditId)).toEqual([0, 1]);
    expect(await kept(page)).toEqual([]);
  });
});

describe('finishing a count (CountSession over the outbox)', () => {
  async function startCount() {
    vi.resetModules();
    const store = await import('./count-store');
    const { CountSession } = await import('./count-session');
    const session = await CountSession.start({
      key: KEY,
      token: TOKEN,
      deviceId: 5,
      locationId: null,
      room: null,
      name: 'Back room',
      scopeLabel: 'Whole catalogue',
      isBlind: false,
    });
    pages.push({ outbox: session });
    return { store, session, auditId: session.stored.auditId };
  }

  /** A count started online: its audit exists on the server at once. */
  async function startOnline() {
    const started = await startCount();
    const { auditId } = started;
    if (auditId === null) throw new Error('The count did not start on the server');
    return { ...started, auditId };
  }

  it('starts with no connection: kept here, created on the server with the same client id when it is back, reads and finish included', async () => {
    api.outage = 'network';
    api.nextSheet = {
      items: [{ epc: TEE, name: 'Tagged tee', sku: 'TEE', expected: 3, in_scope: true, gtin: null }],
      tags_expected: 3,
    };
    const { store, session } = await startCount();
    expect(session.stored.auditId).toBeNull();
    expect(session.getView()).toMatchObject({ isStartedOnServer: false });
    session.take([{ kind: 'epc', value: TEE }], []);
    await vi.advanceTimersByTimeAsync(COUNT_BATCH_MS);
    expect(session.getView()).toMatchObject({ isOffline: true, unsent: 1, isStartedOnServer: false });
    // No sheet yet: nothing expected, and the tag waits for its name.
    expect(session.getView()).toMatchObject({ expected: 0, found: 0, unknown: 0, waiting: 1 });
    expect(session.getView().last[0]).toMatchObject({ kind: 'waiting', epc: TEE });

    // Finish is asked for offline: it waits, and is kept (a reload carries it on).
    let finished: TAudit | undefined;
    const finishing = session.finish().then((a) => {
      finished = a;
    });
    session.take([{ kind: 'epc', value: CAP }], []);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(finished).toBeUndefined();
    expect((await store.loadCount(KEY))?.count).toMatchObject({ isFinishing: true, auditId: null });

    api.outage = null;
    session.retryNow();
    await finishing;
    expect(api.starts).toEqual([session.stored.clientAuditId]);
    // The sheet's totals came (never its items: what was read is looked up, see count-session.test.ts).
    expect(session.getView()).toMatchObject({ expected: 3, isStartedOnServer: true });
    expect(api.sheetCalls).toEqual(['none']);
    const id = session.stored.auditId as number;
    expect(api.auditOf(id).sheet.tags_expected).toBe(3);
    expect(finished).toMatchObject({ id, status: 'completed' });
    // Every read reached the audit: the one before Finish, and the one read while it waited.
    expect(api.completions).toEqual([{ auditId: id, batchCount: 2 }]);
    expect(api.stored.get(id)?.get(0)).toEqual([expect.objectContaining({ epc: TEE })]);
    expect(api.stored.get(id)?.get(1)).toEqual([expect.objectContaining({ epc: CAP })]);
    expect(await store.loadCount(KEY)).toBeNull();
  });

  it('a start whose answer was lost is sent again with the same client id: one audit on the server', async () => {
    // The start reaches the server, the sheet call does not: the count carries on offline, then the same audit.
    api.server.use(http.get('/api/rfid/audits/:id/sheet', () => HttpResponse.error(), { once: true }));
    const { session } = await startCount();
    expect(session.stored.auditId).toBeNull();
    await until(() => session.stored.auditId !== null, 'the audit known');
    // Started twice (the first answer's sheet was lost), one audit: the one the first start made.
    expect(api.starts).toEqual([session.stored.clientAuditId]);
    expect(api.auditOf(session.stored.auditId as number).status).toBe('in_progress');
  });

  it('completes only once every batch has arrived, waiting out a lost connection', async () => {
    const { store, session, auditId: id } = await startOnline();
    session.take([{ kind: 'epc', value: TEE }], []);
    await vi.advanceTimersByTimeAsync(COUNT_BATCH_MS);
    await until(() => api.storedSeqs(id).length === 1, 'batch 0');

    api.outage = 'network';
    session.take(
      [
        { kind: 'epc', value: CAP },
        { kind: 'code', value: '012345678905' },
      ],
      [],
    );
    const finished = { audit: null as unknown };
    const finishing = session.finish().then((audit) => {
      finished.audit = audit;
    });
    await until(() => session.getView().isOffline, 'the outage');
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(finished.audit).toBeNull();
    expect(api.completions).toEqual([]);
    expect(session.getView().unsent).toBe(2);

    api.outage = null;
    await vi.advanceTimersByTimeAsync(2000);
    await finishing;
    expect(api.completions).toEqual([{ auditId: id, batchCount: 2 }]);
    expect(finished.audit).toMatchObject({ id, status: 'completed' });
    expect(api.storedSeqs(id)).toEqual([0, 1]);
    // The count is over: nothing of it is left on this browser.
    expect(await store.loadCount(KEY)).toBeNull();
  });

  it('does not complete when the device was removed: says so and keeps the count on this browser', async () => {
    const { store, session, auditId: id } = await startOnline();
    session.take([{ kind: 'epc', value: TEE }], []);
    api.tokens.delete(TOKEN);
    await expect(session.finish()).rejects.toThrow(READER_MESSAGES.deviceTokenRequired);
    expect(session.getView().problem?.kind).toBe('device-removed');
    expect(api.completions).toEqual([]);
    expect(api.storedSeqs(id)).toEqual([]);
    expect((await store.loadCount(KEY))?.batches.map((b) => b.seq)).toEqual([0]);
  });
});

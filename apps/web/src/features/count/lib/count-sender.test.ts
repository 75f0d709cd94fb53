import type { TUser } from '@quantics/contracts';
import { epcFromSku } from '@quantics/contracts';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReaderApi } from '@/test/reader-api';

// The sender the Count screen and the service worker share (count-sender.ts): what a count kept on the handheld is
// sent by the worker with the page closed (Background Sync), with the numbers the page gave it; page and worker at it
// together send each batch once (the count's Web Lock); the device credential moves from local storage to IndexedDB.
// The reader protocol as the server answers it (MSW), IndexedDB by fake-indexeddb.

const api = new ReaderApi();
const TOKEN = 'qdt_browser-device';
const USER = { id: 3, company_id: 9 } as TUser;
const KEY = '3:9';
const TEE = epcFromSku('TEE');
const CAP = epcFromSku('CAP');

beforeAll(() => api.server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => api.server.close());

/** Web Locks as the browser gives them to a page and its worker: one holder of a name at a time, in order asked. */
function webLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    held: [] as string[],
    request<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const run = (tails.get(name) ?? Promise.resolve()).then(async () => {
        this.held.push(name);
        return fn();
      });
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}
let locks: ReturnType<typeof webLocks>;
const stopped: { stop(): void }[] = [];

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  locks = webLocks();
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  localStorage.clear();
  api.tokens.clear();
  api.audits.clear();
  api.stored.clear();
  api.attempts.length = 0;
  api.completions.length = 0;
  api.starts.length = 0;
  api.nextSheet = { items: [], tags_expected: 2 };
  api.outage = null;
  api.tokens.add(TOKEN);
});
afterEach(() => {
  for (const s of stopped.splice(0)) s.stop();
  api.server.resetHandlers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'locks');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** A page's modules, or the service worker's: loaded afresh over the same IndexedDB. */
async function load() {
  vi.resetModules();
  return {
    store: await import('./count-store'),
    sender: await import('./count-sender'),
    device: await import('../api/browser-device'),
    CountSession: (await import('./count-session')).CountSession,
  };
}

/**
 * The Count screen with no connection: a count started, two batches of reads taken, finish asked for; then the page
 * is closed (its session stopped), leaving all of it in IndexedDB.
 */
async function countLeftOffline() {
  const page = await load();
  await page.store.saveCredential(KEY, { deviceId: 5, name: 'Backroom MC3300', token: TOKEN });
  api.outage = 'network';
  const session = await page.CountSession.start({
    key: KEY,
    token: TOKEN,
    deviceId: 5,
    locationId: null,
    room: null,
    name: 'Back room',
    scopeLabel: 'Whole catalogue',
    isBlind: false,
  });
  stopped.push(session);
  session.take([{ kind: 'epc', value: TEE }], []);
  await session.flush();
  session.take(
    [
      { kind: 'epc', value: CAP },
      { kind: 'epc', value: TEE },
    ],
    [],
  );
  void session.finish().catch(() => undefined);
  await vi.advanceTimersByTimeAsync(0);
  await until(async () => (await page.store.loadCount(KEY))?.count.isFinishing === true);
  session.stop();
  return { clientAuditId: session.stored.clientAuditId };
}

/** Lets IndexedDB and the network (real setImmediate, promises) run until `done`; the fake clock stays still. */
async function until(done: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 500; i++) {
    if (await done()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('Timed out');
}

describe('the service worker sending what the Count screen kept (page closed)', () => {
  it('creates the audit with the count’s client id, sends its batches with their numbers, completes it and forgets it', async () => {
    const { clientAuditId } = await countLeftOffline();
    expect(api.starts).toEqual([]);

    const worker = await load();
    api.outage = null;
    await worker.sender.sendAllKept();

    expect(api.starts).toEqual([clientAuditId]);
    const [auditId] = [...api.audits.keys()];
    expect(api.attempts.map((a) => a.seq)).toEqual([0, 1]);
    expect(api.stored.get(auditId as number)?.get(0)).toEqual([
      expect.objectContaining({ epc: TEE, count: 1 }),
    ]);
    expect(api.stored.get(auditId as number)?.get(1)).toEqual([
      expect.objectContaining({ epc: CAP, count: 1 }),
      expect.objectContaining({ epc: TEE, count: 1 }),
    ]);
    expect(api.completions).toEqual([{ auditId, batchCount: 2 }]);
    expect(api.auditOf(auditId as number).status).toBe('completed');
    // Nothing left on the handheld: the Count screen opens on a new count. The credential stays (the handheld's).
    expect(await worker.store.loadCount(KEY)).toBeNull();
    expect(await worker.store.loadCredential(KEY)).toMatchObject({ token: TOKEN });
  });

  it('with still no connection, fails so the browser tries again later, and keeps everything', async () => {
    await countLeftOffline();
    const worker = await load();
    await expect(worker.sender.sendAllKept()).rejects.toThrow();
    const kept = await worker.store.loadCount(KEY);
    expect(kept?.batches.map((b) => b.seq)).toEqual([0, 1]);
    expect(kept?.count).toMatchObject({ auditId: null, isFinishing: true });

    // The audit was created before the connection dropped again: kept, and not created twice.
    api.outage = null;
    api.server.use(
      (await import('msw')).http.post('/api/rfid/audits/:id/reads', () => Response.error(), { once: true }),
    );
    await expect(worker.sender.sendAllKept()).rejects.toThrow();
    expect((await worker.store.loadCount(KEY))?.count.auditId).toEqual(expect.any(Number));
    await worker.sender.sendAllKept();
    expect(api.starts).toHaveLength(1);
    expect(api.completions).toHaveLength(1);
  });

  it('stops quietly on a refusal retrying cannot fix (the handheld deleted in Devices): the page says it when opened', async () => {
    await countLeftOffline();
    api.outage = null;
    api.tokens.clear();
    const worker = await load();
    await worker.sender.sendAllKept();
    expect((await worker.store.loadCount(KEY))?.batches).toHaveLength(2);
  });

  it('sends nothing for a count without a credential, and nothing when nothing is kept', async () => {
    await countLeftOffline();
    const worker = await load();
    await worker.store.deleteCredential(KEY);
    api.outage = null;
    await worker.sender.sendAllKept();
    expect(api.starts).toEqual([]);
    await worker.store.deleteCount(KEY);
    await expect(worker.sender.sendAllKept()).resolves.toBeUndefined();
  });
});

describe('the page and the service worker at it together', () => {
  it('sends each batch once: every step holds the count’s lock and looks in IndexedDB first', async () => {
    await countLeftOffline();
    api.outage = null;
    // The page reopened (it resumes the count and its finish) while the worker's sync runs.
    const page = await load();
    const worker = await load();
    const session = await page.CountSession.resume(KEY, TOKEN);
    if (!session) throw new Error('No count to resume');
    stopped.push(session);
    const [finished] = await Promise.all([session.finish(), worker.sender.sendAllKept()]);

    // One audit, each batch sent once (never a second copy for the server to drop), one completion or two answering
    // the same audit (completing again is answered alike).
    expect(api.starts).toHaveLength(1);
    expect(api.attempts.map((a) => a.seq).sort()).toEqual([0, 1]);
    expect(finished).toMatchObject({ status: 'completed' });
    expect(new Set(api.completions.map((c) => c.batchCount))).toEqual(new Set([2]));
    expect(locks.held.every((name) => name === `quantics.count.send.${KEY}`)).toBe(true);
    expect(await page.store.loadCount(KEY)).toBeNull();
  });

  it('without Web Locks (an older browser) still ends with one audit holding every batch once', async () => {
    await countLeftOffline();
    Reflect.deleteProperty(navigator, 'locks');
    api.outage = null;
    const page = await load();
    const worker = await load();
    const session = await page.CountSession.resume(KEY, TOKEN);
    if (!session) throw new Error('No count to resume');
    stopped.push(session);
    await Promise.all([session.finish(), worker.sender.sendAllKept()]);
    const [auditId] = [...api.audits.keys()];
    expect(api.audits.size).toBe(1);
    expect(api.storedSeqs(auditId as number)).toEqual([0, 1]);
    expect(api.auditOf(auditId as number).status).toBe('completed');
  });
});

describe('asking for Background Sync', () => {
  it('is asked once when the page cannot send, and the page keeps trying itself; none where the browser has none', async () => {
    const register = vi.fn(async (_tag: string) => {});
    Object.defineProperty(navigator, 'serviceWorker', {
      value: { getRegistration: async () => ({ sync: { register } }) },
      configurable: true,
    });
    await countLeftOffline();
    expect(register.mock.calls).toEqual([['quantics-count-send']]);

    Object.defineProperty(navigator, 'serviceWorker', {
      value: { getRegistration: async () => ({}) },
      configurable: true,
    });
    const { sender } = await load();
    expect(await sender.askBackgroundSync()).toBe(false);
  });
});

describe('the device credential', () => {
  it('kept in local storage by an earlier version: moved to IndexedDB when first read, and gone from local storage', async () => {
    const credential = { deviceId: 5, name: 'Backroom MC3300', token: TOKEN };
    localStorage.setItem(`quantics.count.device.${KEY}`, JSON.stringify(credential));
    const first = await load();
    expect(await first.device.readCredential(USER)).toEqual(credential);
    expect(localStorage.getItem(`quantics.count.device.${KEY}`)).toBeNull();
    // Where the service worker reads it, and where the next page load finds it.
    expect(await first.store.loadCredential(KEY)).toEqual(credential);
    const next = await load();
    expect(await next.device.readCredential(USER)).toEqual(credential);
    // Another person (or company) on the same handheld has none of theirs.
    expect(await next.device.readCredential({ id: 4, company_id: 9 } as TUser)).toBeNull();

    await next.device.forgetCredential(USER);
    expect(await next.device.readCredential(USER)).toBeNull();
    expect(await next.store.loadCredential(KEY)).toBeNull();
  });

  it('a damaged value in local storage is dropped, not kept or thrown', async () => {
    localStorage.setItem(`quantics.count.device.${KEY}`, '{not json');
    const { device } = await load();
    expect(await device.readCredential(USER)).toBeNull();
    expect(localStorage.getItem(`quantics.count.device.${KEY}`)).toBeNull();
  });

  it('an IndexedDB of the version before (counts and batches, no credentials) is upgraded with its counts kept', async () => {
    const { openDB } = await import('idb');
    const old = await openDB('quantics-count', 1, {
      upgrade(d) {
        d.createObjectStore('counts', { keyPath: 'key' });
        d.createObjectStore('batches', { keyPath: ['key', 'seq'] }).createIndex('byCount', 'key');
      },
    });
    await old.put('counts', { key: KEY, nextSeq: 1 });
    await old.put('batches', { key: KEY, seq: 0, reads: [] });
    old.close();
    const { store } = await load();
    await store.saveCredential(KEY, { deviceId: 5, name: 'Backroom MC3300', token: TOKEN });
    expect((await store.loadCount(KEY))?.batches).toHaveLength(1);
    expect(await store.loadCredential(KEY)).toMatchObject({ deviceId: 5 });
  });
});

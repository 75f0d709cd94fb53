import type { DBSchema, IDBPDatabase } from 'idb';

/**
 * What the app keeps on this browser to open with no network (issue #37): the signed-in person, and what the Count
 * screen needs to start a count (the places of their company). Refreshed at every answer from the server; used only
 * when the server cannot be reached at all. Cleared when the person signs out or the server refuses their session,
 * so nothing private stays for a signed-out user. (The device credential and open counts are the Count screen's own:
 * features/count.)
 */
interface KeptDb extends DBSchema {
  kept: { key: string; value: { key: string; value: unknown; at: number } };
}

const DB_NAME = 'quantics-offline';
let dbPromise: Promise<IDBPDatabase<KeptDb>> | undefined;
/** Loaded when first used, after the first request has gone: the first page stays as small as it was. */
function db() {
  dbPromise ??= import('idb').then(({ openDB }) =>
    openDB<KeptDb>(DB_NAME, 1, {
      upgrade(d) {
        d.createObjectStore('kept', { keyPath: 'key' });
      },
    }),
  );
  return dbPromise;
}

/** No answer at all (offline, the server unreachable): not a refusal, which must never fall back to a kept copy. */
export const isNetworkFailure = (err: unknown) => err instanceof TypeError;

/**
 * The server's answer, kept under `key`; when the server cannot be reached, the copy kept last time (the error
 * again when there is none).
 */
export async function fetchKept<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  try {
    const value = await fetcher();
    await db()
      .then((d) => d.put('kept', { key, value, at: Date.now() }))
      .catch(() => {});
    return value;
  } catch (err) {
    if (!isNetworkFailure(err)) throw err;
    const kept = await db()
      .then((d) => d.get('kept', key))
      .catch(() => undefined);
    if (!kept) throw err;
    return kept.value as T;
  }
}

/** Everything kept goes (signing out, a refused session). */
export async function clearKept() {
  await db()
    .then((d) => d.clear('kept'))
    .catch(() => {});
}

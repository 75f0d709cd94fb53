import type { TCountSheet, TStartAuditRequest } from '@quantics/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { LookupKey } from './count-tally';
import type { LastRead } from './last-reads';

/**
 * What a count in progress keeps in IndexedDB, so a reload, a dead Wi-Fi corner or the phone sleeping loses
 * nothing: the count itself (one per person and company on this browser) and every batch of reads until the
 * server has answered it. A batch is written here before it is sent and deleted only once answered. The handheld's
 * device credential is kept here too (not in local storage): the service worker, which sends what is kept when the
 * page is closed (Background Sync, count-sender.ts), can read IndexedDB only.
 */
export type StoredCount = {
  /** `${userId}:${companyId}`. */
  key: string;
  deviceId: number;
  clientAuditId: string;
  /** Null while a count started with no connection is not yet created on the server (see `startBody`). */
  auditId: number | null;
  /**
   * The reader protocol's start, as sent (and sent again until answered, with the same client id, when the count
   * was started offline). Absent in counts kept before counts could start offline: those were started online.
   */
  startBody?: TStartAuditRequest;
  /** The sheet has not come yet (a count started offline): the live figures wait for it. */
  isSheetPending?: boolean;
  /** Finish was asked for: it goes on (after a reload too) until the server has completed the audit. */
  isFinishing?: boolean;
  name: string | null;
  scopeLabel: string;
  isBlind: boolean;
  startedAt: number;
  /** The next batch number to give out; batches 0..nextSeq-1 exist (sent or waiting). */
  nextSeq: number;
  /**
   * The sheet's totals and, of its items, those the lookups named so far (the names of what was read, kept so a
   * reload or an offline start names them again without asking). Counts kept before lookups hold the whole sheet.
   */
  sheet: TCountSheet;
  /** The lookup keys answered so far (tags and codes read). Absent in counts kept with the whole sheet. */
  named?: LookupKey[];
  /** Distinct EPCs read so far, in the order first read. */
  seen: string[];
  /**
   * Every barcode scan taken so far, in order (codes are not aggregated: each scan counts). Absent in counts kept
   * before barcodes were counted.
   */
  scans?: StoredScan[];
  /** The live list as last shown, so a reload shows it again. Absent in older counts: rebuilt from `seen`. */
  last?: LastRead[];
  readsCount: number;
  ignoredCount: number;
  /** A recount opened from "Recount requested": the audit whose lines it counts again (the screen lists what to find). */
  recountOf?: number;
  /** A receipt (issue 51): the shipment it receives, kept so its lines show with no network too. */
  receipt?: StoredReceipt;
};

/**
 * The shipment a receipt counts, as picked (its summary) and, once the portal answered its details, its lines per
 * product and its cartons' SSCCs (null until then: a receipt started offline shows the summary's totals).
 */
export type StoredReceipt = {
  shipmentId: number;
  reference: string;
  supplier: string | null;
  destination: string | null;
  unitsExpected: number;
  cartonsCount: number;
  lines: { sku: string; name: string; expected: number }[] | null;
  cartons: { sscc: string; skus: string[] }[] | null;
};

/** A barcode scan as counted: `quantity` null when none was entered (one unit, or a package's expected units). */
export type StoredScan = { code: string; quantity: number | null };

/** An RFID tag read, as the reader protocol takes it (reads of one EPC in a batch add up in `count`). */
export type StoredTagRead = { epc: string; count: number; seen_at: string };
/** A barcode scan, as the reader protocol takes it: one per scan; no quantity is one unit. */
export type StoredCodeRead = { code: string; quantity?: number; seen_at: string };
/** Batches kept before barcodes were counted hold tag reads only: they still load and send as they are. */
export type StoredRead = StoredTagRead | StoredCodeRead;
export const isCodeRead = (read: StoredRead): read is StoredCodeRead => 'code' in read;
export type StoredBatch = { key: string; seq: number; reads: StoredRead[] };

/** This browser's device credential for one person in one company (POST /api/devices/browser's answer). */
export type BrowserCredential = { deviceId: number; name: string; token: string };
type StoredCredential = BrowserCredential & { key: string };

interface CountDb extends DBSchema {
  counts: { key: string; value: StoredCount };
  batches: { key: [string, number]; value: StoredBatch; indexes: { byCount: string } };
  credentials: { key: string; value: StoredCredential };
}

let dbPromise: Promise<IDBPDatabase<CountDb>> | undefined;
function db() {
  dbPromise ??= openDB<CountDb>('quantics-count', 2, {
    upgrade(d, oldVersion) {
      if (oldVersion < 1) {
        d.createObjectStore('counts', { keyPath: 'key' });
        const batches = d.createObjectStore('batches', { keyPath: ['key', 'seq'] });
        batches.createIndex('byCount', 'key');
      }
      if (oldVersion < 2) d.createObjectStore('credentials', { keyPath: 'key' });
    },
    // Another page (or the service worker) opens a newer version: this connection gives way, and is reopened.
    blocking() {
      void dbPromise?.then((open) => open.close());
      dbPromise = undefined;
    },
  });
  return dbPromise;
}

export async function loadCredential(key: string): Promise<BrowserCredential | null> {
  const kept = await (await db()).get('credentials', key);
  if (!kept) return null;
  const { key: _key, ...credential } = kept;
  return credential;
}

export async function saveCredential(key: string, credential: BrowserCredential) {
  await (await db()).put('credentials', { ...credential, key });
}

export async function deleteCredential(key: string) {
  await (await db()).delete('credentials', key);
}

/** Every count kept on this browser (the service worker sends them all, whoever is signed in). */
export async function countKeys(): Promise<string[]> {
  return (await db()).getAllKeys('counts');
}

/** Whether the batch is still waiting (not yet answered, by this page or the service worker). */
export async function hasBatch(key: string, seq: number): Promise<boolean> {
  return (await (await db()).getKey('batches', [key, seq])) !== undefined;
}

export async function loadCount(key: string) {
  const d = await db();
  const count = await d.get('counts', key);
  if (!count) return null;
  const batches = await d.getAllFromIndex('batches', 'byCount', key);
  return { count, batches: batches.sort((a, b) => a.seq - b.seq) };
}

export async function saveCount(count: StoredCount) {
  await (await db()).put('counts', count);
}

/** The new batch and the count's progress in one transaction: both are kept, or neither. */
export async function saveBatch(count: StoredCount, batch: StoredBatch) {
  const tx = (await db()).transaction(['counts', 'batches'], 'readwrite');
  await Promise.all([tx.objectStore('batches').put(batch), tx.objectStore('counts').put(count), tx.done]);
}

export async function deleteBatch(key: string, seq: number) {
  await (await db()).delete('batches', [key, seq]);
}

/** The count is over (completed, or given up): it and any batch left go. */
export async function deleteCount(key: string) {
  const tx = (await db()).transaction(['counts', 'batches'], 'readwrite');
  const batches = tx.objectStore('batches');
  const seqs = await batches.index('byCount').getAllKeys(key);
  await Promise.all([...seqs.map((k) => batches.delete(k)), tx.objectStore('counts').delete(key), tx.done]);
}

import { createTagDecoder, epcFromRfidTag, READS_PER_BATCH_MAX, rfidTagFromSku } from '@quantics/contracts';
import type { Db } from '../db/client.ts';
import type { DeviceContext } from '../lib/request-context.ts';
import { auditClock } from '../modules/audits/audit-status.ts';
import type { DutchieContext } from '../modules/dutchie/dutchie-context.ts';
import { ingestBatch, startAudit } from '../modules/ingest/adapters/reader-protocol.service.ts';
import { completeAudit } from '../modules/ingest/audit-lifecycle.service.ts';
import type { CountHooks } from '../modules/ingest/count-hooks.ts';
import { readsStorageMemory } from '../modules/ingest/reads-storage.repo.ts';
import type { DemoProduct } from './demo-catalogue.ts';
import { random } from './demo-data.ts';

/**
 * Months of audits done by the company's readers, recorded through the same ingest service the reader protocol
 * uses (start, batches of reads, complete and its one reconciliation statement), each at the time it happened
 * (IngestDeps.at). Nothing is written around the service: discrepancies, accuracy, last_scanned and the activity
 * log are what reconciliation makes of the reads.
 */

export type HistoryOptions = {
  db: Db;
  /** The portal's Dutchie context (the ingest service asks it for point-of-sale companies; the demo's is manual). */
  dutchie: DutchieContext;
  /** What the app does when a count completes (app.ingest.hooks): reviews and count plans hear of each seeded count. */
  hooks: CountHooks;
  readers: DeviceContext[];
  products: DemoProduct[];
  /** Location path -> id, for every location. */
  locationIds: Map<string, number>;
  days: number;
  now?: Date;
  /** Normal audit time-out, which makes the abandoned ones read as failed. */
  timeoutMinutes: number;
};

export type HistorySummary = { completed: number; failed: number };

const MINUTE = 60_000;
const tid = (audit: number, product: number, unit: number) =>
  `E280${audit.toString(16).padStart(4, '0')}${product.toString(16).padStart(8, '0')}${unit.toString(16).padStart(8, '0')}`.toUpperCase();
/** Tags nobody put in the catalogue: some carry readable text (a staff badge, a competitor's tag), some not. */
const UNKNOWN_TAGS = ['BADGE0000017', 'BADGE0000042', 'DEMOTAG00001', 'RETURN000007'];

/** A product's stock in one place: what a count of that place expects of it. */
type Scoped = { product: DemoProduct; index: number; epc: string; quantity: number };

export async function seedAuditHistory(o: HistoryOptions): Promise<HistorySummary> {
  // One process's memory of the reads' storage, as app.ingest keeps it.
  const storage = readsStorageMemory();
  const tags = createTagDecoder();
  const r = random(90_210);
  const now = o.now ?? new Date();
  // Every stock row, by its place: one product of the chain is in several places, under one tag.
  const byLeaf = new Map<string, Scoped[]>();
  const withEpc = o.products.map((product, index) => {
    const epc = epcFromRfidTag(rfidTagFromSku(product.sku));
    for (const place of product.places) {
      const here = byLeaf.get(place.location) ?? [];
      here.push({ product, index, epc, quantity: place.quantity });
      byLeaf.set(place.location, here);
    }
    return { product, epc };
  });
  const leaves = [...byLeaf.keys()];
  const summary: HistorySummary = { completed: 0, failed: 0 };
  let n = 0;
  for (let daysAgo = o.days; daysAgo >= 1; daysAgo--) {
    // Most days one audit, busy days two; fewer mistakes as the team gets used to the readers.
    const audits = r.next() < 0.3 ? 2 : 1;
    const progress = 1 - daysAgo / o.days;
    for (let k = 0; k < audits; k++) {
      n += 1;
      const leaf = r.pick(leaves);
      const reader = o.readers[n % o.readers.length] as DeviceContext;
      const start = new Date(now.getTime() - daysAgo * 86_400_000);
      start.setUTCHours(r.int(14, 23), r.int(0, 59), 0, 0);
      const locationId = o.locationIds.get(leaf) ?? null;
      const name = `${leaf.split(' > ').slice(0, 1)[0]} · ${leaf.split(' > ').slice(1).join(' › ')}`;
      const deps = (at: Date) => ({
        db: o.db,
        dutchie: o.dutchie,
        reads: storage,
        tags,
        hooks: o.hooks,
        at,
        // As of `at` the audit is fresh: the time-out counts from then, not from today.
        clock: auditClock(Math.ceil((now.getTime() - at.getTime()) / MINUTE) + o.timeoutMinutes),
      });
      // One count in four is a spot check where the products with a barcode are scanned (GTIN and units) and the
      // rest read by their tags: counts with barcodes beside RFID.
      const byBarcode = r.next() < 0.25;
      const started = await startAudit(deps(start), reader, {
        client_audit_id: crypto.randomUUID(),
        name,
        location_id: locationId,
        room: null,
        audit_type: byBarcode
          ? 'Barcode Spot Check'
          : r.pick(['Cycle Count', 'Cycle Count', 'Spot Check', 'Full Count']),
      });
      const isClean = r.next() < 0.15 + 0.35 * progress;
      // Share of products miscounted: about 35% (a few units each) in the first weeks, 8% by the end.
      const errorRate = isClean ? 0 : 0.35 - 0.27 * progress;
      const reads = readsFor(byLeaf.get(leaf) ?? [], withEpc, leaf, errorRate, n, r, start, byBarcode);
      const batches: (typeof reads)[] = [];
      for (let i = 0; i < reads.length; i += READS_PER_BATCH_MAX)
        batches.push(reads.slice(i, i + READS_PER_BATCH_MAX));
      // Now and then a reader is put down mid-audit and never finishes: that audit times out as failed.
      const abandoned = daysAgo % 17 === 5 && k === 0;
      for (const [seq, batch] of batches.entries()) {
        if (abandoned && seq > 0) break;
        await ingestBatch(
          deps(new Date(start.getTime() + (seq + 1) * MINUTE)),
          reader,
          started.audit_id,
          seq,
          batch,
        );
      }
      if (abandoned) {
        summary.failed += 1;
        continue;
      }
      const end = new Date(start.getTime() + (batches.length + 2) * MINUTE);
      await completeAudit(deps(end), reader, started.audit_id, batches.length);
      summary.completed += 1;
    }
  }
  return summary;
}

type Read =
  | { epc: string; tid: string; rssi: number; count: number; seen_at: string }
  | { code: string; quantity: number; seen_at: string };

/**
 * What a reader sees walking one location: every unit's tag, less some (shortage), plus extra units (overage),
 * units of products kept only elsewhere (misplaced: the same product's tag, read where it has no stock) and the odd
 * tag the catalogue doesn't know (unknown).
 */
function readsFor(
  inScope: Scoped[],
  all: { product: DemoProduct; epc: string }[],
  leaf: string,
  errorRate: number,
  audit: number,
  r: ReturnType<typeof random>,
  start: Date,
  byBarcode = false,
): Read[] {
  const reads: Read[] = [];
  const seen = (i: number) => new Date(start.getTime() + 20_000 + i * 150).toISOString();
  const push = (epc: string, tagId: string) =>
    reads.push({
      epc,
      tid: tagId,
      rssi: -35 - Math.round(r.next() * 350) / 10,
      count: 1,
      seen_at: seen(reads.length),
    });
  for (const p of inScope) {
    let units = p.quantity;
    if (units > 0 && r.next() < errorRate) units -= Math.min(units, r.int(1, 4));
    else if (r.next() < errorRate / 4) units += r.int(1, 2);
    if (byBarcode && p.product.gtin) {
      if (units > 0) reads.push({ code: p.product.gtin, quantity: units, seen_at: seen(reads.length) });
      continue;
    }
    for (let u = 0; u < units; u++) push(p.epc, tid(audit, p.index, u));
  }
  if (r.next() < errorRate * 3) {
    // A unit carried off from one of its places to one where it has no stock row (another aisle or store).
    const elsewhere = all.filter(
      (p) =>
        !p.product.places.some((s) => s.location === leaf) && p.product.places.some((s) => s.quantity > 0),
    );
    for (let i = r.int(1, 3); i > 0; i--) push(r.pick(elsewhere).epc, tid(audit, 0xffff_0000 + i, 0));
  }
  if (r.next() < errorRate * 2) {
    push(epcFromRfidTag(r.pick(UNKNOWN_TAGS)), tid(audit, 0xeeee_0000, 0));
  }
  return reads;
}

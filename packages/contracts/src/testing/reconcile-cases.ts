import { sgtin96 } from '../gs1.ts';
import { epcFromRfidTag, rfidTagFromSku } from '../rfid.ts';

/**
 * The cases of "which product is this EPC", one table for every side that answers it: the server's reconciliation
 * (apps/server/src/modules/audits/reconcile.test.ts runs them through a real audit and its count sheet) and the
 * contracts' matchTag, which the Count screen uses for its live figures (match-tag.test.ts). Test data only: not exported from the package index.
 */

export type TReconcileLocation = 'store' | 'backroom' | 'shelf' | 'other';

/** The location tree: Store > Backroom > Shelf A, and Other store; in the order to create them (parents first). */
export const RECONCILE_LOCATIONS: readonly {
  key: TReconcileLocation;
  name: string;
  parent: TReconcileLocation | null;
}[] = [
  { key: 'store', name: 'Store', parent: null },
  { key: 'backroom', name: 'Backroom', parent: 'store' },
  { key: 'shelf', name: 'Shelf A', parent: 'backroom' },
  { key: 'other', name: 'Other store', parent: null },
];

/** The catalogue; each product's tag is its SKU's (reconcileEpc). */
export const RECONCILE_PRODUCTS: readonly {
  sku: string;
  quantity: number;
  location: TReconcileLocation | null;
}[] = [
  { sku: 'P1', quantity: 5, location: 'store' },
  { sku: 'P2', quantity: 3, location: 'shelf' },
  { sku: 'P3', quantity: 2, location: 'backroom' },
  { sku: 'P4', quantity: 4, location: 'backroom' },
  { sku: 'P5', quantity: 7, location: 'other' },
  { sku: 'P6', quantity: 1, location: null },
  { sku: 'P7', quantity: 1, location: 'shelf' },
];

/** A product's EPC as the catalogue gives it when none is set: its SKU's RFID tag, as hex. */
export const reconcileEpc = (sku: string) => epcFromRfidTag(rfidTagFromSku(sku));

/** A tag written as text that no product carries. */
export const GHOST = epcFromRfidTag('GHOST0000000');
/** A tag that is neither text nor a GS1 scheme. */
export const GARBLED = '00FF00FF00FF00FF00FF00FF';

/** A TID per unit: 24 hex digits, distinct per (epc, n). */
export const tidFor = (epc: string, n: number) =>
  `E280${epc.slice(0, 12)}${n.toString(16).padStart(8, '0')}`.toUpperCase();

/** `units` tags of one EPC, each read `times` times (as a handheld does), as reader protocol reads. */
export function readsOf(epc: string, units: number, times = 2) {
  const reads = [];
  for (let u = 0; u < units; u++) {
    for (let i = 0; i < times; i++) reads.push({ epc, tid: tidFor(epc, u), rssi: -40 - i, count: 1 });
  }
  return reads;
}

export type TTagRead = { epc: string; tid?: string | null; rssi?: number; count?: number };

/** EPCs read and the product each one is (its SKU), or null: unknown. */
export type TTagCase = { what: string; reads: TTagRead[]; product: string | null };

/** The walk through the store: every kind of finding (P4 is not read: none found). */
export const RECONCILE_WALK: readonly TTagCase[] = [
  { what: 'five tags of P1, read three times each', reads: readsOf(reconcileEpc('P1'), 5, 3), product: 'P1' },
  { what: 'a tag of P2', reads: readsOf(reconcileEpc('P2'), 1), product: 'P2' },
  { what: 'four tags of P3', reads: readsOf(reconcileEpc('P3'), 4), product: 'P3' },
  { what: 'two tags of P5, placed in another store', reads: readsOf(reconcileEpc('P5'), 2), product: 'P5' },
  { what: 'a tag of P6, which has no location', reads: readsOf(reconcileEpc('P6'), 1), product: 'P6' },
  {
    what: 'P7 read twice without a TID, once in lower case: one unit',
    reads: [
      { epc: reconcileEpc('P7'), rssi: -60 },
      { epc: reconcileEpc('P7').toLowerCase(), rssi: -61 },
    ],
    product: 'P7',
  },
  { what: 'a text tag of no product', reads: [{ epc: GHOST }], product: null },
  { what: 'a tag that is neither text nor GS1', reads: [{ epc: GARBLED, tid: 'E2801111' }], product: null },
];

/** The walk's reads, in order, as a reader sends them. */
export const storeReads = () => RECONCILE_WALK.flatMap((c) => c.reads);

// GS1's own example: SGTIN-96 3074257BF7194E4000001A85 is GTIN 80614141123458, serial 6789 (company prefix 0614141).
const SHIRT_GTIN = '80614141123458';
const SOCKS_GTIN = '00614141000036';

/**
 * Products with a GTIN-14: an SGTIN tag of it (any serial) is that product, unless a product carries that very EPC
 * (an explicit tag): the EPC comes first. `epc` null: the SKU's tag (reconcileEpc).
 */
export const GTIN_PRODUCTS: readonly {
  sku: string;
  quantity: number;
  gtin: string | null;
  epc: string | null;
}[] = [
  { sku: 'SHIRT1', quantity: 4, gtin: SHIRT_GTIN, epc: null },
  { sku: 'SOCKS1', quantity: 2, gtin: SOCKS_GTIN, epc: null },
  { sku: 'SHIRT-SAMPLE', quantity: 2, gtin: null, epc: sgtin96(SHIRT_GTIN, 6789, 7) },
];

export const GTIN_WALK: readonly TTagCase[] = [
  {
    what: 'two SGTIN serials of the shirt’s GTIN',
    reads: [1, 2].map((n) => ({ epc: sgtin96(SHIRT_GTIN, n, 7) })),
    product: 'SHIRT1',
  },
  { what: 'the shirt’s own SKU tag', reads: [{ epc: reconcileEpc('SHIRT1') }], product: 'SHIRT1' },
  {
    what: 'an SGTIN of the socks in lower case',
    reads: [{ epc: sgtin96(SOCKS_GTIN, 11, 7).toLowerCase() }],
    product: 'SOCKS1',
  },
  {
    what: 'the serial a product carries as its EPC: that product, not the GTIN’s',
    reads: [{ epc: sgtin96(SHIRT_GTIN, 6789, 7) }],
    product: 'SHIRT-SAMPLE',
  },
  {
    what: 'an SGTIN of a GTIN no product has',
    reads: [{ epc: sgtin96('04006381333931', 1, 7) }],
    product: null,
  },
];

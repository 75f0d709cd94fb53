import {
  codeKey,
  identifyCode,
  matchCode,
  matchTag,
  type TCodeIdentity,
  type TCountSheet,
  type TCountSheetItem,
} from '@quantics/contracts';

/** What a scanned code is, and the sheet item (product or package) it names, if any. */
export type ResolvedCode = {
  code: string;
  identity: TCodeIdentity;
  item: TCountSheetItem | undefined;
  /** contracts' codeKey: scans with one key are one unit when serialized, else their quantities add up. */
  key: string;
  /** Not looked up yet (no answer of the sheet's lookup for it): whether it names an item is not known. */
  isWaiting: boolean;
};

/** What the sheet's lookup is asked for: a tag by its EPC, a scan by the code as read. */
export type LookupKey = `epc:${string}` | `code:${string}`;
export const tagKey = (epc: string): LookupKey => `epc:${epc.toUpperCase()}`;
export const scanKey = (code: string): LookupKey => `code:${code}`;

type ItemTally = { tags: number; scanUnits: number; counted: number | null; isSeen: boolean };

/** A plain barcode (not an EPC, not serialized): each scan is its quantity, so a quantity may be entered for it. */
export const isPlainCode = (r: ResolvedCode) => r.identity.kind !== 'epc' && !r.identity.serialized;

/**
 * The live figures of a count, by the rules reconciliation applies when it completes (reconcile.repo.ts), so what
 * the screen shows is what the result will say:
 * - a tag is one unit per distinct EPC (the browser sends no TID), for the item matchTag names (its EPC, else its GTIN);
 * - a scan names an item by matchCode (EPC, GTIN, SKU); a scanned EPC with no quantity is that tag read;
 * - a serialized scan (GS1 with a serial) is one unit per key however often scanned; any other scan adds its
 *   quantity (1 when none was entered);
 * - a Dutchie package with a Metrc label counts as a package: once read or scanned, its expected units (its whole
 *   quantity when it belongs elsewhere, at least 1), unless a quantity was entered: then the last one entered;
 * - items in scope count in found, others in misplaced; what matches nothing in unknown (units, as above).
 */
export class CountTally {
  found = 0;
  misplaced = 0;
  unknown = 0;
  /** Reads not named yet (their lookup has no answer yet): counted in none of the figures above until it comes. */
  waiting = 0;
  packagesFound = 0;
  readonly packagesExpected: number;
  /** A Dutchie audit's sheet (its items say whether they are packages): a Metrc label it lacks is said so. */
  readonly isPointOfSale: boolean;
  private readonly byEpc = new Map<string, TCountSheetItem>();
  private readonly byGtin = new Map<string, TCountSheetItem>();
  private readonly bySku = new Map<string, TCountSheetItem>();
  private readonly catalogue = {
    byEpc: (epc: string) => this.byEpc.get(epc),
    byGtin: (gtin: string) => this.byGtin.get(gtin),
    bySku: (sku: string) => this.bySku.get(sku),
  };
  /** What the sheet's lookup has answered; null: the whole sheet is here (a count kept before lookups), all named. */
  private readonly named: Set<LookupKey> | null;
  private readonly tags = new Set<string>();
  private readonly scanKeys = new Set<string>();
  private readonly items = new Map<TCountSheetItem, ItemTally>();
  /** Reads waiting for their names, in the order read: counted as soon as the lookup answers. */
  private pendingTags: string[] = [];
  private pendingScans: { code: string; quantity: number | null }[] = [];
  private readonly pendingKeys = new Set<string>();

  /** `named`: the lookup keys answered so far (the sheet's items then hold only what they named). */
  constructor(sheet: TCountSheet, named: readonly LookupKey[] | null = null) {
    this.named = named ? new Set(named) : null;
    this.addItems(sheet.items);
    this.packagesExpected =
      sheet.packages_expected ?? sheet.items.filter((i) => i.is_package && i.in_scope).length;
    this.isPointOfSale = sheet.is_point_of_sale ?? sheet.items.some((i) => i.is_package !== undefined);
  }

  /** Whether the lookup answered for this key (always, with the whole sheet). */
  isNamed(key: LookupKey) {
    return this.named === null || this.named.has(key);
  }

  /**
   * The lookup's answer: the items these keys could match (as on the whole sheet, by EPC, GTIN and upper-case
   * SKU); the reads that waited for them are counted now. Returns whether a waiting read was.
   */
  name(keys: readonly LookupKey[], items: readonly TCountSheetItem[]): boolean {
    this.addItems(items);
    for (const k of keys) this.named?.add(k);
    const before = this.waiting;
    const tags = this.pendingTags;
    this.pendingTags = [];
    const scans = this.pendingScans;
    this.pendingScans = [];
    this.pendingKeys.clear();
    this.waiting = 0;
    for (const epc of tags) {
      this.tags.delete(epc);
      this.addTag(epc);
    }
    for (const s of scans) this.addScan(this.resolve(s.code), s.quantity);
    return this.waiting !== before || tags.length + scans.length > 0;
  }

  /** What the reads waiting for their names need looked up (a resumed count asks for them again). */
  waitingKeys(): LookupKey[] {
    return [...this.pendingTags.map(tagKey), ...this.pendingScans.map((s) => scanKey(s.code))];
  }

  private addItems(items: readonly TCountSheetItem[]) {
    for (const i of items) {
      this.byEpc.set(i.epc, i);
      if (i.gtin) this.byGtin.set(i.gtin, i);
      this.bySku.set(i.sku.toUpperCase(), i);
    }
  }

  /** The item a tag is (contracts' matchTag): the one carrying this EPC, else (a GS1 SGTIN) the one with its GTIN. */
  itemOfTag(epc: string): TCountSheetItem | undefined {
    return matchTag(epc, this.catalogue);
  }

  resolve(code: string): ResolvedCode {
    const identity = identifyCode(code);
    const item = matchCode(identity, this.catalogue);
    // A code that names an item already here (a package's label entered on its row) needs no lookup.
    return { code, identity, item, key: codeKey(identity), isWaiting: !item && !this.isNamed(scanKey(code)) };
  }

  hasTag(epc: string) {
    return this.tags.has(epc);
  }

  /** A tag read but not named yet. */
  isTagWaiting(epc: string) {
    return this.tags.has(epc) && !this.isNamed(tagKey(epc));
  }

  /** A serialized code scanned before counts no further unit. */
  isRepeat(r: ResolvedCode) {
    return (
      r.identity.serialized && !r.identity.epc && (this.scanKeys.has(r.key) || this.pendingKeys.has(r.key))
    );
  }

  /** A tag read; false when its EPC was read before (it counts once). */
  addTag(epc: string): boolean {
    if (this.tags.has(epc)) return false;
    this.tags.add(epc);
    if (!this.isNamed(tagKey(epc))) {
      this.pendingTags.push(epc);
      this.waiting++;
      return true;
    }
    const item = this.itemOfTag(epc);
    if (!item) this.unknown++;
    else
      this.change(item, (t) => {
        t.tags++;
        t.isSeen = true;
      });
    return true;
  }

  /** A scan, with the quantity entered for it (null: none). */
  addScan(r: ResolvedCode, quantity: number | null) {
    if (r.isWaiting) {
      this.pendingScans.push({ code: r.code, quantity });
      this.pendingKeys.add(r.key);
      this.waiting++;
      return;
    }
    // The server stores a scanned EPC with no quantity as that tag read.
    if (r.identity.epc && quantity === null) {
      this.addTag(r.identity.epc);
      return;
    }
    const units =
      r.identity.serialized && !r.identity.epc ? (this.scanKeys.has(r.key) ? 0 : 1) : (quantity ?? 1);
    this.scanKeys.add(r.key);
    if (!r.item) {
      this.unknown += units;
      return;
    }
    this.change(r.item, (t) => {
      t.scanUnits += units;
      t.isSeen = true;
      if (quantity !== null) t.counted = quantity;
    });
  }
  /** The units an item counts for now (a package: its expected, or the quantity entered). */
  unitsOf(item: TCountSheetItem): number {
    const t = this.items.get(item);
    if (!t) return 0;
    if (!item.is_package) return t.tags + t.scanUnits;
    if (t.counted !== null) return t.counted;
    return t.isSeen ? Math.max(packageExpected(item), 1) : 0;
  }

  /** The units counted so far per product, by upper-case SKU (a receipt sets them against its shipment's lines). */
  unitsBySku(): Map<string, { name: string; units: number }> {
    const by = new Map<string, { name: string; units: number }>();
    for (const item of this.items.keys()) {
      const key = item.sku.toUpperCase();
      by.set(key, { name: item.name, units: (by.get(key)?.units ?? 0) + this.unitsOf(item) });
    }
    return by;
  }

  /** The quantity entered for a package, or null when it counts as expected. */
  countedOf(item: TCountSheetItem): number | null {
    return this.items.get(item)?.counted ?? null;
  }

  private change(item: TCountSheetItem, update: (t: ItemTally) => void) {
    let t = this.items.get(item);
    if (!t) {
      t = { tags: 0, scanUnits: 0, counted: null, isSeen: false };
      this.items.set(item, t);
    }
    const before = this.unitsOf(item);
    const wasSeen = t.isSeen;
    update(t);
    const delta = this.unitsOf(item) - before;
    if (item.in_scope) this.found += delta;
    else this.misplaced += delta;
    if (item.is_package && item.in_scope && !wasSeen && t.isSeen) this.packagesFound++;
  }
}

/** What a package is expected to hold here: the room's units, or its whole quantity when it belongs elsewhere. */
export const packageExpected = (item: TCountSheetItem) => (item.in_scope ? item.expected : (item.units ?? 0));

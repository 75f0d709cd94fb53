import {
  codeKey,
  identifyCode,
  matchCode,
  matchTag,
  sheetCatalogue,
  type TCodeCatalogue,
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
};

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
  packagesFound = 0;
  readonly packagesExpected: number;
  /** A Dutchie audit's sheet (its items say whether they are packages): a Metrc label it lacks is said so. */
  readonly isPointOfSale: boolean;
  private readonly catalogue: TCodeCatalogue<TCountSheetItem>;
  private readonly tags = new Set<string>();
  private readonly scanKeys = new Set<string>();
  private readonly items = new Map<TCountSheetItem, ItemTally>();

  constructor(sheet: TCountSheet) {
    this.catalogue = sheetCatalogue(sheet);
    this.packagesExpected = sheet.items.filter((i) => i.is_package && i.in_scope).length;
    this.isPointOfSale = sheet.items.some((i) => i.is_package !== undefined);
  }

  /** The item a tag is (contracts' matchTag): the one carrying this EPC, else (a GS1 SGTIN) the one with its GTIN. */
  itemOfTag(epc: string): TCountSheetItem | undefined {
    return matchTag(epc, this.catalogue);
  }

  resolve(code: string): ResolvedCode {
    const identity = identifyCode(code);
    return { code, identity, item: matchCode(identity, this.catalogue), key: codeKey(identity) };
  }

  hasTag(epc: string) {
    return this.tags.has(epc);
  }

  /** A serialized code scanned before counts no further unit. */
  isRepeat(r: ResolvedCode) {
    return r.identity.serialized && !r.identity.epc && this.scanKeys.has(r.key);
  }

  /** A tag read; false when its EPC was read before (it counts once). */
  addTag(epc: string): boolean {
    if (this.tags.has(epc)) return false;
    this.tags.add(epc);
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

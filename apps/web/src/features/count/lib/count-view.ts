import type { TCountSheetItem, TMovedDuring } from '@quantics/contracts';
import type { OutboxProblem } from './batch-outbox';
import type { CountTally, ResolvedCode } from './count-tally';
import { packageExpected } from './count-tally';
import { codeRead, type LastRead } from './last-reads';

export type { LastRead, ReadKind } from './last-reads';

/** A row of the live list as shown: a package's room and units, and whether a quantity may be entered for it. */
export type LastReadView = LastRead & {
  package: { label: string; room: string | null; expected: number; counted: number | null } | null;
  canEnterQuantity: boolean;
};

/**
 * A scan waiting for the person (the "Scan, then enter quantity" mode): a plain barcode's quantity, or a package to
 * confirm at its expected units or count by hand. Nothing of it is counted or sent until answered.
 */
export type Prompt = {
  id: number;
  kind: 'quantity' | 'package';
  code: string;
  title: string;
  detail: string;
  package: { label: string; room: string | null; expected: number } | null;
};

/** What the screen shows, rebuilt after every change (a stable object between changes, for useSyncExternalStore). */
export type CountView = {
  found: number;
  expected: number;
  misplaced: number;
  unknown: number;
  /** Reads not named yet: the sheet's lookup has not answered for them (offline, or on its way). */
  waiting: number;
  ignored: number;
  /** A Dutchie audit's packages with a Metrc label in scope, and how many were read or scanned; null: none. */
  packages: { found: number; expected: number } | null;
  reads: number;
  last: LastReadView[];
  prompt: Prompt | null;
  /** Reads taken but not yet answered by the server (waiting in the batch being filled or in IndexedDB). */
  unsent: number;
  isOffline: boolean;
  /** False for a count started with no connection until the server has created it (and sent its sheet). */
  isStartedOnServer: boolean;
  problem: OutboxProblem | null;
  /** A recount: the short list of what to find (the sheet's items in scope) and what was found of each; else null. */
  toFind: ToFindRow[] | null;
  /** A receipt: what this handheld read of each product (by upper-case SKU) and the carton labels it scanned. */
  receipt: ReceiptRead | null;
};

/** What one handheld read in a receipt, set against the shipment's lines and cartons on the screen. */
export type ReceiptRead = {
  unitsBySku: ReadonlyMap<string, { name: string; units: number }>;
  ssccs: readonly string[];
};

/** One product (or Dutchie package) a recount looks for, where it belongs, and whether it was found yet. */
export type ToFindRow = {
  sku: string;
  name: string;
  place: string | null;
  expected: number;
  found: number;
  isFound: boolean;
  /** What moved in the counted places during the recount (expected is then as of the first read); else null. */
  moved: TMovedDuring | null;
};

/** A recount's short list, the ones still to find first. */
export function toFindView(tally: CountTally, items: TCountSheetItem[]): ToFindRow[] {
  const rows = items
    .filter((i) => i.in_scope)
    .map((i) => {
      const found = tally.unitsOf(i);
      return {
        sku: i.sku,
        name: i.name,
        place: i.location ?? i.belongs ?? null,
        expected: i.expected,
        found,
        isFound: i.expected > 0 ? found >= i.expected : found > 0,
        moved: i.moved ?? null,
      };
    });
  return [...rows.filter((r) => !r.isFound), ...rows.filter((r) => r.isFound)];
}

/** Rows as shown: packages with their room and units now; the newest plain barcode scan may take a quantity. */
export function rowsView(last: LastRead[], tally: CountTally): LastReadView[] {
  const newestPlain = last.find((r) => r.isPlain);
  return last.map((r) => {
    const item = r.packageEpc ? tally.itemOfTag(r.packageEpc) : undefined;
    return {
      ...r,
      package: item
        ? {
            label: item.sku,
            room: item.belongs ?? null,
            expected: packageExpected(item),
            counted: tally.countedOf(item),
          }
        : null,
      canEnterQuantity: item !== undefined || (r === newestPlain && r.quantity === null),
    };
  });
}

export function promptOf(id: number, kind: Prompt['kind'], r: ResolvedCode, tally: CountTally): Prompt {
  const row = codeRead(tally, r, null);
  const item = r.item;
  return {
    id,
    kind,
    code: r.code,
    title: row.title,
    detail: row.detail,
    package:
      item && kind === 'package'
        ? { label: item.sku, room: item.belongs ?? null, expected: packageExpected(item) }
        : null,
  };
}

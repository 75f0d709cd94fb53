import {
  CODE_MESSAGES,
  decodeEpc,
  decodeTag,
  describeCode,
  isMetrcLabel,
  type TCountSheetItem,
} from '@quantics/contracts';
import { COUNT_TEXTS } from '../count-texts';
import { type CountTally, isPlainCode, type ResolvedCode } from './count-tally';

/** `waiting`: read, but not named yet (the sheet's lookup has not answered for it: offline, or on its way). */
export type ReadKind = 'found' | 'misplaced' | 'unknown' | 'ignored' | 'waiting';

/** One row of the live list: a tag (repeats of it in a row shown as ×n), a scan, or something ignored. */
export type LastRead = {
  id: number;
  kind: ReadKind;
  /** The tag's EPC (tag rows). */
  epc: string | null;
  /** The code as scanned (scan rows). */
  code: string | null;
  /** The scan's codeKey: repeats of one serialized code in a row share a row. */
  key: string | null;
  title: string;
  detail: string;
  times: number;
  /** The units entered for a plain scan (null: none, one unit). */
  quantity: number | null;
  /** A plain barcode scan (not an EPC, not serialized): a quantity may be entered for it. */
  isPlain: boolean;
  /** A serialized code scanned before: it counts once, so this scan adds nothing. */
  isRepeat: boolean;
  /** The Dutchie package (its EPC, the Metrc label) the row is: it shows its room and expected units. */
  packageEpc: string | null;
};

export type NewRead = Omit<LastRead, 'id' | 'times'>;

const BLANK = {
  epc: null,
  code: null,
  key: null,
  quantity: null,
  isPlain: false,
  isRepeat: false,
  packageEpc: null,
} as const;

/** A catalogue product read here but kept elsewhere says where (packages show their rooms on their own line). */
const keptElsewhere = (item: TCountSheetItem, detail: string) =>
  !item.in_scope && !item.is_package && item.belongs ? `${detail} · kept at ${item.belongs}` : detail;

export function tagRead(tally: CountTally, epc: string): NewRead {
  if (tally.isTagWaiting(epc))
    return { ...BLANK, kind: 'waiting', epc, title: COUNT_TEXTS.waitingTitle, detail: epc };
  const item = tally.itemOfTag(epc);
  if (item)
    return {
      ...BLANK,
      kind: item.in_scope ? 'found' : 'misplaced',
      epc,
      title: item.name,
      detail: keptElsewhere(item, item.is_package ? `Package ${item.sku}` : `SKU ${item.sku}`),
      packageEpc: item.is_package ? item.epc : null,
    };
  const gs1 = decodeTag(epc).text;
  const text = gs1 ? null : decodeEpc(epc);
  const detail =
    tally.isPointOfSale && isMetrcLabel(epc)
      ? CODE_MESSAGES.metrcNotInDutchie(epc)
      : (gs1 ?? (text ? `Reads as “${text}”` : epc));
  return { ...BLANK, kind: 'unknown', epc, title: 'Unknown tag', detail };
}

/** A scan as a person reads it: the product's name and what was scanned, or why it matches nothing. */
export function codeRead(tally: CountTally, r: ResolvedCode, quantity: number | null): NewRead {
  const { identity: id, item } = r;
  const common = {
    ...BLANK,
    code: r.code,
    key: r.key,
    quantity,
    isPlain: isPlainCode(r) && !item?.is_package,
    isRepeat: tally.isRepeat(r),
  };
  if (r.isWaiting) return { ...common, kind: 'waiting', title: COUNT_TEXTS.waitingTitle, detail: r.code };
  if (item)
    return {
      ...common,
      kind: item.in_scope ? 'found' : 'misplaced',
      title: item.name,
      detail: keptElsewhere(
        item,
        item.is_package ? `Package ${item.sku}` : id.kind === 'text' ? `SKU ${item.sku}` : describeCode(id),
      ),
      packageEpc: item.is_package ? item.epc : null,
    };
  let detail: string;
  if (tally.isPointOfSale && id.epc && isMetrcLabel(id.epc)) detail = CODE_MESSAGES.metrcNotInDutchie(id.epc);
  else if (id.reason) detail = `${describeCode(id)}: ${id.reason}`;
  else if (id.kind === 'text') detail = `“${id.text}” matches no product`;
  else detail = `${describeCode(id)} matches no product`;
  return { ...common, kind: 'unknown', title: COUNT_TEXTS.unknownCode, detail };
}

/** A receipt's carton label: the carton it names, on the shipment or not (its SSCC is then an unknown code). */
export const cartonRead = (code: string, sscc: string, isOnShipment: boolean): NewRead => ({
  ...BLANK,
  kind: isOnShipment ? 'found' : 'unknown',
  code,
  key: `sscc:${sscc}`,
  title: isOnShipment ? COUNT_TEXTS.cartonReceived : COUNT_TEXTS.cartonNotOnShipment,
  detail: `SSCC ${sscc}`,
});

export const ignoredRead = (text: string): NewRead => ({
  ...BLANK,
  kind: 'ignored',
  title: COUNT_TEXTS.ignored,
  detail: text,
});

/** The same tag, or the same serialized code, read again straight after: one row, ×n. */
export function isSameRow(top: LastRead | undefined, next: NewRead): boolean {
  if (!top) return false;
  if (next.epc !== null) return top.epc === next.epc;
  return next.key !== null && !next.isPlain && top.key === next.key && top.quantity === next.quantity;
}

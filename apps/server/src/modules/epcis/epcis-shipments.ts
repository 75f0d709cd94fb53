import {
  gtinOfClassUri,
  prefixOfGtin,
  SGTIN96_SERIAL_MAX,
  sgtin96,
  sgtinOfUri,
  ssccOfUri,
  type TCreateShipmentRequest,
} from '@quantics/contracts';

// A shipping AggregationEvent captured (issue 53) as an expected shipment: what the shipments module's
// createShipment takes, read off the event. The shipment itself is made by that module, never here.

type EpcisEvent = Record<string, unknown> & { type: string };

/** An event announcing a shipment: an AggregationEvent of bizStep shipping that adds or observes its children. */
export const isShipping = (e: EpcisEvent) =>
  e.type === 'AggregationEvent' && e.bizStep === 'shipping' && (e.action === 'ADD' || e.action === 'OBSERVE');

/** Units a quantity counts: none given, or each (UN/ECE EA, H87); a measure (200.5 KGM) counts no units. */
const isCount = (q: { quantity?: unknown; uom?: unknown }) =>
  (q.uom === undefined || q.uom === 'EA' || q.uom === 'H87') &&
  (q.quantity === undefined || Number.isInteger(q.quantity));

/**
 * The shipment an event announces, or why it cannot be one: its reference the despatch advice (desadv) or else the
 * purchase order (po) of its bizTransactionList; its destination the first place of its destinationList that is one
 * of ours (`placeOf`); its source likewise from sourceList, its supplier the owning or possessing party sent; its
 * parentID the carton (an SSCC), its childQuantityList the carton's lines by GTIN (counts only: a measure such as
 * 200.5 KGM is not units and is left out), its childEPCs the serialized items announced, as SGTIN-96 EPCs.
 */
export function shipmentOf(
  event: EpcisEvent,
  at: string,
  placeOf: (uri: string) => number | null,
  prefixes: readonly string[],
): { body: TCreateShipmentRequest } | { problem: string } {
  const transactions = (event.bizTransactionList ?? []) as { type?: string; bizTransaction: string }[];
  const reference =
    transactions.find((t) => t.type === 'desadv')?.bizTransaction ??
    transactions.find((t) => t.type === 'po')?.bizTransaction;
  if (!reference) {
    return {
      problem: `${at}.bizTransactionList: a shipment needs a desadv or po transaction (its reference)`,
    };
  }
  const destinations = (event.destinationList ?? []) as { type: string; destination: string }[];
  const destination = destinations.map((d) => placeOf(d.destination)).find((id) => id !== null);
  if (destination === undefined || destination === null) {
    return {
      problem: `${at}.destinationList: names none of your locations (by GLN or urn:quantics:location:{id})`,
    };
  }
  const sources = (event.sourceList ?? []) as { type: string; source: string }[];
  const source = sources.map((s) => placeOf(s.source)).find((id) => id !== null) ?? null;
  const supplier =
    sources.find((s) => s.type === 'owning_party')?.source ??
    sources.find((s) => s.type === 'possessing_party')?.source ??
    null;

  const lines: { gtin: string; quantity: number }[] = [];
  for (const [i, q] of (
    (event.childQuantityList ?? []) as { epcClass: string; quantity?: number }[]
  ).entries()) {
    if (!isCount(q)) continue;
    const gtin = gtinOfClassUri(q.epcClass);
    if (!gtin) return { problem: `${at}.childQuantityList[${i}].epcClass: names no GTIN` };
    lines.push({ gtin, quantity: q.quantity ?? 1 });
  }
  const epcs: string[] = [];
  for (const [i, uri] of ((event.childEPCs ?? []) as string[]).entries()) {
    const item = sgtinOfUri(uri);
    const prefix = item && (item.prefixLength ?? prefixOfGtin(item.gtin, prefixes)?.length ?? null);
    const serial = item && /^(0|[1-9]\d{0,11})$/.test(item.serial) ? Number(item.serial) : Number.NaN;
    if (!item || !prefix || !(serial <= SGTIN96_SERIAL_MAX)) {
      return { problem: `${at}.childEPCs[${i}]: is not an SGTIN that an SGTIN-96 tag can carry` };
    }
    epcs.push(sgtin96(item.gtin, serial, prefix));
  }
  const parent = typeof event.parentID === 'string' ? event.parentID : null;
  const sscc = parent ? ssccOfUri(parent) : null;
  if (parent && !sscc) return { problem: `${at}.parentID: is not an SSCC (the carton)` };
  const body: TCreateShipmentRequest = {
    reference,
    supplier,
    source_location_id: source,
    destination_location_id: destination,
    expected_at: null,
    ...(sscc && lines.length > 0 ? { cartons: [{ sscc, lines }] } : { lines }),
    epcs,
  };
  return { body };
}

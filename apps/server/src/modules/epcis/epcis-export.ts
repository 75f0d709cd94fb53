import {
  EPCIS_CONTEXT,
  EPCIS_QUERY_MESSAGES,
  EPCIS_SCHEMA_VERSION,
  gtinClassUri,
  isEpcisUri,
  placeUri,
  serialUri,
  skuClassUri,
  ssccUri,
  tagUri,
  timeZoneOffset,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import * as repo from './epcis.repo.ts';

// A completed count as EPCIS 2.0 (issue 53): one ObjectEvent, action OBSERVE, bizStep cycle_counting, at the place
// counted; its tags in epcList and its barcode units in quantityList. Written as text chunks, the tags read page by
// page, so a count of any size streams in flat memory. Discrepancies are not observations and are not written.

/** Tags read per query while streaming. */
const TAG_PAGE = 10_000;

/** What names things in a company's events: its time zone (for eventTimeZoneOffset) and its GS1 prefixes. */
export type Naming = { timeZone: string; prefixes: string[] };

/** A completed count's facts its event is written from. */
export type CountEvent = {
  auditId: number;
  completedAt: Date;
  locationId: number | null;
  gln: string | null;
  room: string | null;
  /** A shipment's receipt: the shipment and its reference. */
  shipmentId: number | null;
  shipmentReference: string | null;
};

/** The place a count names: its location (GLN or ours), else a Dutchie room of the store, else the whole store. */
function countPlace(companyId: number, count: CountEvent, naming: Naming): string {
  if (count.locationId !== null) return placeUri(count.locationId, count.gln, naming.prefixes);
  const store = `urn:quantics:company:${companyId}`;
  return count.room ? `${store}:room:${encodeURIComponent(count.room)}` : store;
}

/** The URI of a count's event (eventID): one event per count. */
export const countEventId = (auditId: number, bizStep: string) => `urn:quantics:audit:${auditId}:${bizStep}`;

/**
 * A receipt's business transaction: the shipment's reference, a despatch advice (desadv: what an expected shipment
 * is); a reference that is no URI (an ASN number typed in) as ours.
 */
function receiptTransaction(count: CountEvent) {
  const reference = count.shipmentReference ?? '';
  return {
    type: 'desadv',
    bizTransaction: isEpcisUri(reference)
      ? reference
      : `urn:quantics:shipment:${count.shipmentId}:reference:${encodeURIComponent(reference)}`,
  };
}

/** The count's scans as EPCIS: serialized ones as EPC URIs, the rest as quantities by class (summed per class). */
function scanParts(scans: repo.ScanUnit[], prefixes: string[]) {
  const epcs = new Set<string>();
  const classes = new Map<string, number>();
  for (const s of scans) {
    if (s.epc) epcs.add(tagUri(s.epc, prefixes));
    else if (s.kind === 'sscc' && s.key.startsWith('sscc:')) epcs.add(ssccUri(s.key.slice(5), prefixes));
    else if (s.serialized && s.gtin && s.serial) epcs.add(serialUri(s.gtin, s.serial, prefixes));
    else {
      const epcClass = s.gtin ? gtinClassUri(s.gtin, prefixes) : skuClassUri(s.skuKey ?? s.key);
      classes.set(epcClass, (classes.get(epcClass) ?? 0) + s.quantity);
    }
  }
  return { epcs, classes };
}

/** One count's ObjectEvent as JSON text chunks (the epcList streamed page by page). */
export async function* countEventChunks(
  db: Db,
  companyId: number,
  count: CountEvent,
  naming: Naming,
): AsyncGenerator<string> {
  const place = countPlace(companyId, count, naming);
  const scans = scanParts(await repo.scanUnits(db, companyId, count.auditId), naming.prefixes);
  const receipt = count.shipmentId !== null;
  const bizStep = receipt ? 'receiving' : 'cycle_counting';
  const head = {
    type: 'ObjectEvent',
    eventTime: count.completedAt.toISOString(),
    eventTimeZoneOffset: timeZoneOffset(naming.timeZone, count.completedAt),
    eventID: countEventId(count.auditId, bizStep),
    action: 'OBSERVE',
    bizStep,
    readPoint: { id: place },
    bizLocation: { id: place },
    ...(receipt ? { bizTransactionList: [receiptTransaction(count)] } : {}),
  };
  const text = JSON.stringify(head);
  yield `${text.slice(0, -1)},"epcList":[`;
  let first = true;
  let after: string | null = null;
  for (;;) {
    const page = await repo.tagPage(db, companyId, count.auditId, after, TAG_PAGE, receipt);
    if (page.length === 0) break;
    const parts: string[] = [];
    for (const epc of page) {
      const uri = tagUri(epc, naming.prefixes);
      // A tag also scanned (an SGTIN read and its DataMatrix scanned) is one EPC.
      scans.epcs.delete(uri);
      parts.push(JSON.stringify(uri));
    }
    yield (first ? '' : ',') + parts.join(',');
    first = false;
    after = page[page.length - 1] ?? null;
    if (page.length < TAG_PAGE) break;
  }
  if (scans.epcs.size > 0) {
    yield (first ? '' : ',') + [...scans.epcs].map((uri) => JSON.stringify(uri)).join(',');
  }
  const quantities = [...scans.classes].map(([epcClass, quantity]) => ({ epcClass, quantity }));
  yield quantities.length > 0 ? `],"quantityList":${JSON.stringify(quantities)}}` : ']}';
}

/** The envelope around an event list: EPCIS 2.0's @context, type, schemaVersion and creationDate. */
export function envelope(type: 'EPCISDocument' | 'EPCISQueryDocument', now: Date) {
  return {
    '@context': [EPCIS_CONTEXT],
    type,
    schemaVersion: EPCIS_SCHEMA_VERSION,
    creationDate: now.toISOString(),
  };
}

/** GET /api/audits/{id}/epcis, before anything is sent: the audit must be the company's and completed. */
export async function countForExport(db: Db, companyId: number, auditId: number) {
  const head = await repo.auditHead(db, companyId, auditId);
  if (!head) throw notFound();
  if (head.status !== 'completed' || head.completedAt === null)
    throw conflict(EPCIS_QUERY_MESSAGES.auditNotCompleted);
  const count: CountEvent = {
    auditId: head.id,
    completedAt: head.completedAt,
    locationId: head.locationId,
    gln: head.gln,
    room: head.room,
    shipmentId: head.shipmentId,
    shipmentReference: head.shipmentReference,
  };
  return { count, naming: { timeZone: head.timeZone, prefixes: head.prefixes } };
}

/** The count's EPCIS document, as text chunks. */
export async function* countDocumentChunks(
  db: Db,
  companyId: number,
  prepared: { count: CountEvent; naming: Naming },
  now: Date,
): AsyncGenerator<string> {
  const text = JSON.stringify({ ...envelope('EPCISDocument', now), epcisBody: { eventList: [] } });
  yield text.slice(0, -3);
  yield* countEventChunks(db, companyId, prepared.count, prepared.naming);
  yield ']}}';
}

import { randomUUID } from 'node:crypto';
import {
  EPCIS_QUERY_MESSAGES,
  EPCIS_QUERY_PAGE_DEFAULT,
  epcisDocumentProblem,
  glnOfPlaceUri,
  locationIdOfPlaceUri,
  type TEpcisCaptureJob,
  type TEpcisDocument,
  type TEpcisEventsQuery,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { Caller } from '../../lib/request-context.ts';
import { createShipment } from '../shipments/shipments.service.ts';
import * as repo from './epcis.repo.ts';
import { countEventChunks, envelope } from './epcis-export.ts';
import { isShipping, shipmentOf } from './epcis-shipments.ts';

// The EPCIS query (GET /api/epcis/events) and capture (POST /api/epcis/capture) of issue 53.

// --- The query ------------------------------------------------------------------------------------------------------

const encodeCursor = (key: repo.QueryKey) =>
  Buffer.from(`${key.us}.${key.src}.${key.id}`).toString('base64url');

function decodeCursor(cursor: string): repo.QueryKey {
  const m = /^(-?\d{1,19})\.([ae])\.(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw badRequest(EPCIS_QUERY_MESSAGES.cursor);
  return { us: m[1] as string, src: m[2] as 'a' | 'e', id: Number(m[3]) };
}

export type EventsPage = {
  /** The query result document as text chunks. */
  chunks: AsyncGenerator<string>;
  /** The cursor of the next page, or null on the last one. */
  next: string | null;
};

/**
 * The company's events over a period as an EPCISQueryDocument (queryName SimpleEventQuery), oldest first: its
 * completed counts' events and those it captured, perPage at most, with the cursor of the next page.
 */
export async function queryEvents(
  db: Db,
  companyId: number,
  query: TEpcisEventsQuery,
  now: Date,
): Promise<EventsPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const perPage = query.perPage ?? EPCIS_QUERY_PAGE_DEFAULT;
  const filter: repo.QueryFilter = {
    from: query.from ? new Date(query.from) : null,
    to: query.to ? new Date(query.to) : null,
    bizStep: query.bizStep ?? null,
    locationId: query.location_id ?? null,
  };
  const rows = await repo.queryPage(db, companyId, filter, after, perPage + 1);
  const page = rows.slice(0, perPage);
  const last = page[page.length - 1];
  const next = rows.length > perPage && last ? encodeCursor(last) : null;
  const naming = page.some((r) => r.src === 'a') ? await repo.companyNaming(db, companyId) : null;
  async function* chunks() {
    const text = JSON.stringify({
      ...envelope('EPCISQueryDocument', now),
      epcisBody: { queryResults: { queryName: 'SimpleEventQuery', resultsBody: { eventList: [] } } },
    });
    yield text.slice(0, -5);
    let first = true;
    for (const row of page) {
      if (!first) yield ',';
      first = false;
      if (row.src === 'e' || !naming || !row.completedAt) {
        yield JSON.stringify(row.event);
        continue;
      }
      yield* countEventChunks(
        db,
        companyId,
        {
          auditId: row.id,
          completedAt: row.completedAt,
          locationId: row.auditLocationId,
          gln: row.auditGln,
          room: row.auditRoom,
          shipmentId: row.shipmentId,
          shipmentReference: row.shipmentReference,
        },
        naming,
      );
    }
    yield ']}}}}';
  }
  return { chunks: chunks(), next };
}

// --- The capture ----------------------------------------------------------------------------------------------------

type EpcisEvent = Record<string, unknown> & { type: string };
const placeId = (v: unknown) =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string'
    ? ((v as { id: string }).id as string)
    : null;

/** The places an event names, most telling first: where it happened, where it was read, where it goes. */
function placesOf(event: EpcisEvent): string[] {
  const places = [placeId(event.bizLocation), placeId(event.readPoint)];
  const destinations = Array.isArray(event.destinationList) ? event.destinationList : [];
  for (const d of destinations as { destination?: unknown }[]) {
    if (typeof d?.destination === 'string') places.push(d.destination);
  }
  return places.filter((p): p is string => p !== null);
}

/** A capture job's error, as the REST binding's RFC 7807 problem. */
const captureError = (detail: string) => ({
  type: 'epcisException:ValidationException',
  title: 'The document was captured but not stored',
  status: 400,
  detail,
});

/**
 * POST /api/epcis/capture: a document that is not valid EPCIS 2.0 is refused (400, naming the path of its first
 * error) and nothing is stored; a valid one is stored whole in one transaction, each event with the place it names
 * among the company's locations, and answers its capture id. A shipping AggregationEvent to one of the company's
 * places becomes an expected shipment (the shipments module's createShipment); when one cannot (no reference, a
 * product not in the catalogue, a reference already used), nothing of the document is kept (the standard's
 * `rollback`) and its capture job says why.
 */
export async function capture(db: Db, caller: Caller, body: unknown): Promise<string> {
  const problem = epcisDocumentProblem(body);
  if (problem) throw badRequest(problem);
  const doc = body as TEpcisDocument;
  const events = doc.epcisBody.eventList as EpcisEvent[];
  // The document's own @context (beyond the standard's) goes with each event, so its extensions keep their meaning.
  const context = doc['@context'];
  const ownContext = Array.isArray(context) ? context.length > 1 : typeof context !== 'string';
  const glns = new Set<string>();
  const ids = new Set<number>();
  for (const e of events) {
    for (const uri of placesOf(e)) {
      const gln = glnOfPlaceUri(uri);
      if (gln) glns.add(gln);
      const id = locationIdOfPlaceUri(uri);
      if (id !== null) ids.add(id);
    }
  }
  const id = randomUUID();
  const { companyId } = caller;
  const shipping = events.flatMap((e, i) =>
    isShipping(e) ? [[e, `epcisBody.eventList[${i}]`] as const] : [],
  );
  const prefixes = shipping.length > 0 ? (await repo.companyNaming(db, companyId)).prefixes : [];
  try {
    await db.transaction(async (tx) => {
      const places = await repo.placesNamed(tx, companyId, [...glns], [...ids]);
      const placeOf = (uri: string): number | null => {
        const gln = glnOfPlaceUri(uri);
        const byGln = gln ? places.byGln.get(gln) : undefined;
        if (byGln !== undefined) return byGln;
        const own = locationIdOfPlaceUri(uri);
        return own !== null && places.ids.has(own) ? own : null;
      };
      const locationOf = (e: EpcisEvent): number | null => {
        for (const uri of placesOf(e)) {
          const place = placeOf(uri);
          if (place !== null) return place;
        }
        return null;
      };
      await repo.insertCapture(tx, companyId, id, caller.actor.name);
      for (const [event, at] of shipping) {
        const plan = shipmentOf(event, at, placeOf, prefixes);
        if ('problem' in plan) throw badRequest(plan.problem);
        try {
          await createShipment(tx, caller, plan.body);
        } catch (e) {
          if (e instanceof AppError) throw new AppError(e.statusCode, `${at}: ${e.message}`);
          throw e;
        }
      }
      const stored = events.map(
        (e): repo.StoredEvent => ({
          event_time: new Date(e.eventTime as string).toISOString(),
          type: e.type,
          biz_step: typeof e.bizStep === 'string' ? e.bizStep : null,
          event_id: typeof e.eventID === 'string' ? e.eventID : null,
          location_id: locationOf(e),
          event: ownContext && e['@context'] === undefined ? { '@context': context, ...e } : e,
        }),
      );
      const count = await repo.insertEvents(tx, companyId, id, stored);
      await repo.finishCapture(tx, companyId, id, { success: true, eventCount: count, errors: [] });
    });
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    // Rolled back: the job alone is kept, to say why.
    await db.transaction(async (tx) => {
      await repo.insertCapture(tx, companyId, id, caller.actor.name);
      await repo.finishCapture(tx, companyId, id, {
        success: false,
        eventCount: 0,
        errors: [captureError(e.message)],
      });
    });
  }
  return id;
}

/** GET /api/epcis/capture/{id}: the capture job, as the standard's REST binding describes it. */
export async function captureJob(db: Db, companyId: number, id: string): Promise<TEpcisCaptureJob> {
  const row = await repo.findCapture(db, companyId, id);
  if (!row) throw notFound(EPCIS_QUERY_MESSAGES.captureNotFound);
  return {
    captureID: row.id,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    running: row.finishedAt === null,
    success: row.success !== false,
    captureErrorBehaviour: 'rollback',
    errors: row.errors,
    eventCount: row.eventCount,
  };
}

import {
  INVENTORY_MESSAGES,
  MOVEMENT_MESSAGES,
  MOVEMENT_REASON_LABELS,
  MOVEMENT_REPORT_COLUMNS,
  type TMovementHistory,
  type TMovementHistoryQuery,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import { type HistoryCursor, productExists, productHistory, reportPage } from './history.repo.ts';

/** A page's end as the client carries it: opaque text, checked when it comes back. */
const encodeCursor = (c: HistoryCursor) => Buffer.from(`${c.at}|${c.id}`).toString('base64url');

function decodeCursor(text: string): HistoryCursor {
  const [at, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (!at || !id || !/^\d{1,18}$/.test(id) || Number.isNaN(Date.parse(at))) {
    throw badRequest(MOVEMENT_MESSAGES.cursorInvalid);
  }
  return { at, id: Number(id) };
}

export function checkRange(q: { from?: string; to?: string }) {
  if (q.from !== undefined && q.to !== undefined && Date.parse(q.from) >= Date.parse(q.to)) {
    throw badRequest(MOVEMENT_MESSAGES.historyRange);
  }
}

/** GET /api/inventory/:id/movements: the product's movements, newest first, a page at a time. */
export async function movementHistory(
  db: Db,
  companyId: number,
  productId: number,
  q: TMovementHistoryQuery,
): Promise<TMovementHistory> {
  checkRange(q);
  const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
  if (!(await productExists(db, companyId, productId))) throw notFound(INVENTORY_MESSAGES.productNotFound);
  const rows = await productHistory(db, companyId, productId, {
    locationId: q.location_id,
    from: q.from,
    to: q.to,
    limit: q.limit + 1,
    after,
  });
  const data = rows.slice(0, q.limit);
  const last = data[data.length - 1];
  return { data, next_cursor: rows.length > q.limit && last ? encodeCursor(last) : null };
}

/** Movements fetched per query while streaming the report: it never holds them all in memory. */
const CHUNK = 5000;

/** GET /api/reports/movements.csv: the company's movements within [from, to), oldest first, as CSV text chunks. */
export async function* movementsReportCsv(
  db: Db,
  companyId: number,
  q: { from?: string; to?: string },
): AsyncGenerator<string> {
  checkRange(q);
  yield toCsv([[...MOVEMENT_REPORT_COLUMNS]]);
  let after: HistoryCursor | undefined;
  for (;;) {
    const rows = await reportPage(db, companyId, { ...q, limit: CHUNK, after });
    if (rows.length === 0) return;
    yield toCsv(
      rows.map((m) => [
        m.at,
        m.recorded_at,
        m.sku ?? '',
        m.name ?? '',
        m.place ?? '',
        m.delta,
        m.quantity_after,
        MOVEMENT_REASON_LABELS[m.reason],
        m.by,
        m.reference ?? '',
        m.audit_id ?? '',
        m.client_id ?? '',
      ]),
    );
    const last = rows[rows.length - 1];
    if (!last || rows.length < CHUNK) return;
    after = last;
  }
}

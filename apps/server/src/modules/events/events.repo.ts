import type { TEventData, TEventType } from '@quantics/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unnestRows } from '../../db/sql-arrays.ts';

/**
 * The one way to write an event (`events`: the bell, e-mails, digests and customer webhooks read it). The payload's
 * type is the webhook contract's (`WEBHOOK_EVENT_DATA` in packages/contracts), so a payload that leaves a field out
 * or renames it does not compile; `company_id` is added here. Pass the transaction of the change as `db`, so the event
 * is kept exactly when the change is: the alerts worker hands each one on to e-mail and webhooks after it is
 * committed. The database's own writer (the products_stock_crossing trigger) is held to the same contract by
 * events-contract.test.ts.
 */
export type EventPayload<T extends TEventType> = DistributiveOmit<TEventData<T>, 'company_id'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event to write, its payload typed by its type. */
export type NewEvent = { [T in TEventType]: { type: T; payload: EventPayload<T> } }[TEventType];

/** The one INSERT INTO events: every writer below goes through it, with the rows of `select`. */
const insertEvents = (select: SQL) =>
  sql`insert into events (company_id, type, payload, created_at) ${select}`;

/** Several events of one company in one statement, in the given order (ids follow it); `at` backdates them. */
export async function recordEvents(db: Db, companyId: number, list: NewEvent[], at?: Date): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map((e) => ({
    type: e.type,
    payload: JSON.stringify({ ...e.payload, company_id: companyId }),
  }));
  await db.execute(
    insertEvents(sql`
      select ${companyId}::int, type, payload::jsonb, coalesce(${at?.toISOString() ?? null}::timestamptz, now())
      from ${unnestRows(rows, { type: 'text', payload: 'text' })} order by ord`),
  );
}

/** One event, in the caller's transaction. */
export async function recordEvent<T extends TEventType>(
  db: Db,
  companyId: number,
  type: T,
  payload: EventPayload<T>,
  at?: Date,
): Promise<void> {
  await recordEvents(db, companyId, [{ type, payload } as NewEvent], at);
}

/** One SQL expression per payload field (`company_id` is the row's company). */
export type EventColumns<T extends TEventType> = { [K in keyof EventPayload<T>]-?: SQL };

/**
 * Events from the rows of a query, for a statement that changes rows and tells of them at once (a CTE:
 * `ins as (${eventsFromSelect(...)})`). The payload is built with jsonb_build_object from `data`, whose keys are the
 * contract's, so the stored payload has exactly the contract's fields. Answers `returning 1` per event.
 */
export function eventsFromSelect<T extends TEventType>(
  type: T,
  source: { companyId: SQL; data: EventColumns<T>; from: SQL; orderBy: SQL },
): SQL {
  const fields = Object.entries(source.data as Record<string, SQL>).flatMap(([key, value]) => [
    sql`${key}::text`,
    value,
  ]);
  const payload = sql`jsonb_build_object(${sql.join([...fields, sql`'company_id'`, source.companyId], sql`, `)})`;
  return sql`${insertEvents(sql`select ${source.companyId}, ${type}::text, ${payload}, now() from ${source.from} order by ${source.orderBy}`)}
    returning 1`;
}

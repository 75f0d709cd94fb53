import { type SQL, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from './client.ts';

/**
 * A company's day in SQL: its time zone's calendar day (companies.time_zone), never the database session's (UTC).
 * The TypeScript counterpart is @quantics/contracts' company-day.ts (instants to days; companyDayStartAt below the
 * way back). A range of days is compared as instants
 * (`col >= start and col < end`), so an index on the timestamp column still serves it.
 */

/** The company's time zone, as a scalar subquery (evaluated once per statement). */
export const zoneOf = (companyId: number | SQL) =>
  sql`(select time_zone from companies where id = ${companyId})`;

/** The company's day (a date) an instant falls on. */
export const companyDay = (at: SQL, zone: SQL) => sql`((${at}) at time zone ${zone})::date`;

/** The company's today. */
export const companyToday = (zone: SQL) => companyDay(sql`now()`, zone);

/** The instant a company's day (a date, or YYYY-MM-DD text) begins. */
export const companyDayStart = (day: SQL, zone: SQL) => sql`((${day})::date)::timestamp at time zone ${zone}`;

/** `at` falls within the company's days `from` to `to` (YYYY-MM-DD), both included. */
export const inCompanyDays = (at: SQL, from: string, to: string, zone: SQL) =>
  sql`${at} >= ${companyDayStart(sql`${from}`, zone)} and ${at} < ${companyDayStart(sql`${to}::date + 1`, zone)}`;

/** When a company's day (YYYY-MM-DD) begins, as an instant (luxon: the IANA tz database, daylight saving included). */
export function companyDayStartAt(day: string, zone: string): Date {
  return DateTime.fromISO(day, { zone }).startOf('day').toJSDate();
}

/** The company's time zone (UTC for a company that is not there). */
export async function companyZone(db: Db, companyId: number): Promise<string> {
  const r = await db.execute<{ tz: string }>(
    sql`select time_zone as tz from companies where id = ${companyId}`,
  );
  return r.rows[0]?.tz ?? 'UTC';
}

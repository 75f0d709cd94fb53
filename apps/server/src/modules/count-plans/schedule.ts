import { companyDay } from '@quantics/contracts';
import { DateTime } from 'luxon';
import { companyDayStartAt } from '../../db/company-day.ts';

/**
 * When a planned place is due, in calendar days of the company's time zone. Instants become local days with luxon
 * (the IANA tz database, so a daylight-saving change moves nothing by a day); from there on the rule works on plain
 * days (YYYY-MM-DD, held as UTC midnights, where every day has 24 hours).
 */

export type Rhythm = { everyDays: number | null; weekdays: number[] | null; monthDay: number | null };

/** The local day of an instant in a time zone, YYYY-MM-DD (the company's day, @quantics/contracts). */
export const localDay = (at: Date, zone: string): string => companyDay(zone, at);

/** When a local day (YYYY-MM-DD) begins in a time zone, as an instant. */
export const dayStart = companyDayStartAt;

const plain = (day: string) => DateTime.fromISO(day, { zone: 'utc' });
const iso = (d: DateTime) => d.toISODate() ?? '';

/** `day` plus `days` calendar days. */
export const addDays = (day: string, days: number) => iso(plain(day).plus({ days }));

/** The first day on or after `day` that the rhythm names (weekdays or a day of the month). */
function firstScheduled(day: string, rhythm: Rhythm): string {
  let d = plain(day);
  if (rhythm.weekdays !== null && rhythm.weekdays.length > 0) {
    for (let i = 0; i < 7 && !rhythm.weekdays.includes(d.weekday); i++) d = d.plus({ days: 1 });
    return iso(d);
  }
  if (rhythm.monthDay !== null) {
    if (d.day > rhythm.monthDay) d = d.plus({ months: 1 });
    return iso(d.set({ day: rhythm.monthDay }));
  }
  return iso(d);
}

/**
 * The day a place is next due: every N days after its last count's local day; on the first chosen weekday or
 * month day after it. Never counted: from the plan's first day (the day it was made).
 */
export function dueOn(rhythm: Rhythm, lastCountedAt: Date | null, planCreatedAt: Date, zone: string): string {
  if (lastCountedAt === null) return firstScheduled(localDay(planCreatedAt, zone), rhythm);
  const last = localDay(lastCountedAt, zone);
  if (rhythm.everyDays !== null) return addDays(last, rhythm.everyDays);
  return firstScheduled(addDays(last, 1), rhythm);
}

/** Overdue once the grace days after the due day have passed. */
export const isOverdue = (due: string, graceDays: number, today: string) => addDays(due, graceDays) < today;

/**
 * A company's day is its time zone's calendar day, everywhere: reports and their default ranges, the dashboard's
 * today, Tallie's periods, the digests and count plans. An instant becomes a day here (Intl, the IANA tz database of
 * the runtime, so a daylight-saving change moves nothing by a day); from there on days are plain YYYY-MM-DD text,
 * counted as UTC midnights where every day has 24 hours. The server's SQL counterpart is db/company-day.ts.
 */

/** The day (YYYY-MM-DD) an instant falls on in a time zone: a company's "today" is `companyDay(zone)`. */
export function companyDay(zone: string, at: Date = new Date()): string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(at)) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const plain = (day: string) => new Date(`${day}T00:00:00Z`);
const text = (d: Date) => d.toISOString().slice(0, 10);

/** `day` plus `days` calendar days (negative: before). */
export function addDays(day: string, days: number): string {
  const d = plain(day);
  d.setUTCDate(d.getUTCDate() + days);
  return text(d);
}

/** The Monday of `day`'s week. */
export const weekStart = (day: string) => addDays(day, -((plain(day).getUTCDay() + 6) % 7));

/** The first day of `day`'s month, `months` months later (negative: before). */
export function monthStart(day: string, months = 0): string {
  const d = plain(day);
  return text(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)));
}

/** The first day of `day`'s year, `years` years later (negative: before). */
export const yearStart = (day: string, years = 0) => `${Number(day.slice(0, 4)) + years}-01-01`;

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((plain(to).getTime() - plain(from).getTime()) / 86_400_000);

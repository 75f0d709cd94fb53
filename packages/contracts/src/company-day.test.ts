import { describe, expect, it } from 'vitest';
import { addDays, companyDay, daysBetween, monthStart, weekStart, yearStart } from './company-day.ts';
import { defaultReportRange } from './reports.ts';

describe("a company's day", () => {
  it('is the calendar day of its time zone, at the edges of its midnight', () => {
    // Kiritimati (UTC+14): 09:59:59 UTC on 29 November is its 29th's last second, 10:00 its 30th.
    expect(companyDay('Pacific/Kiritimati', new Date('2026-11-29T09:59:59Z'))).toBe('2026-11-29');
    expect(companyDay('Pacific/Kiritimati', new Date('2026-11-29T10:00:00Z'))).toBe('2026-11-30');
    // Pago Pago (UTC-11): 10:59:59 UTC on 30 November is still its 29th.
    expect(companyDay('Pacific/Pago_Pago', new Date('2026-11-30T10:59:59Z'))).toBe('2026-11-29');
    expect(companyDay('Pacific/Pago_Pago', new Date('2026-11-30T11:00:00Z'))).toBe('2026-11-30');
    // A daylight-saving change moves nothing by a day (New York, 2026-03-08 02:00 local).
    expect(companyDay('America/New_York', new Date('2026-03-08T04:59:59Z'))).toBe('2026-03-07');
    expect(companyDay('America/New_York', new Date('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
    expect(companyDay('UTC', new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-29');
  });

  it('counts plain days: weeks from Monday, months, years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
    expect(monthStart('2026-01-15', -1)).toBe('2025-12-01');
    expect(yearStart('2026-07-04', -1)).toBe('2025-01-01');
    expect(daysBetween('2026-11-25', '2026-12-31')).toBe(36);
  });

  it("makes the reports' default range: the company's today and the 30 days before", () => {
    const justBefore = new Date('2026-11-29T09:59:59Z');
    const justAfter = new Date('2026-11-29T10:00:00Z');
    expect(defaultReportRange('Pacific/Kiritimati', justBefore)).toEqual({
      start: '2026-10-30',
      end: '2026-11-29',
    });
    expect(defaultReportRange('Pacific/Kiritimati', justAfter)).toEqual({
      start: '2026-10-31',
      end: '2026-11-30',
    });
    expect(defaultReportRange('UTC', justAfter)).toEqual({ start: '2026-10-30', end: '2026-11-29' });
  });
});

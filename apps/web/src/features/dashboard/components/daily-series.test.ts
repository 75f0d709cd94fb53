import { TRENDS_DAYS } from '@quantics/contracts';
import { describe, expect, it } from 'vitest';
import { dailySeries } from './dashboard-charts';

describe("the dashboard's trend days", () => {
  it("are the company's last 30 days, at the edges of its midnight", () => {
    const trends = [{ date: '2026-11-30', scanned: 9, discrepancies: 1 }];
    // Kiritimati (UTC+14): 09:59:59 UTC on 29 November is its 29th, 10:00 its 30th.
    const before = dailySeries(trends, 'Pacific/Kiritimati', new Date('2026-11-29T09:59:59Z'));
    const after = dailySeries(trends, 'Pacific/Kiritimati', new Date('2026-11-29T10:00:00Z'));
    expect(before).toHaveLength(TRENDS_DAYS);
    expect([before[0]?.date, before.at(-1)?.date]).toEqual(['2026-10-31', '2026-11-29']);
    expect(before.some((d) => d.scanned > 0)).toBe(false);
    expect(after.at(-1)).toEqual({ date: '2026-11-30', scanned: 9, discrepancies: 1 });
  });
});

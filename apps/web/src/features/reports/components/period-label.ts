import type { TAccuracyPeriod } from '@quantics/contracts';

/** A period's first day (YYYY-MM-DD) as a reader says it: 'Mar 2026', or the week's 'Mar 2'. */
export function periodLabel(day: string, period: TAccuracyPeriod): string {
  const d = new Date(`${day}T00:00:00Z`);
  return period === 'month'
    ? d.toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : `Week of ${d.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })}`;
}

import { CalendarCheck, CalendarClock, CalendarX2, Gauge } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatPercent } from '@/lib/format';
import { useDueCounts } from '@/shared/count-plans/due-counts-api';

const percent = (share: number) => formatPercent(share * 100);

/**
 * Cycle counting at a glance: places due and overdue by the count plans, and coverage (the share of planned places
 * counted within their rhythm, and of their units). Shown once the company has a plan.
 */
export function CycleCounts() {
  const due = useDueCounts();
  const d = due.data;
  if (!d || d.planned_places === 0) return null;
  const overdue = d.data.filter((x) => x.overdue).length;
  return (
    <section
      aria-label="Cycle counts"
      className="mb-4 grid grid-cols-2 gap-3 sm:mb-6 sm:gap-4 lg:grid-cols-4"
      data-testid="cycle-counts"
    >
      <StatCard
        icon={CalendarClock}
        label="Counts due"
        value={d.data.length - overdue}
        tone="amber"
        hint="By count plans"
      />
      <StatCard
        icon={CalendarX2}
        label="Counts overdue"
        value={overdue}
        tone={overdue ? 'red' : 'green'}
        hint="Past their grace days"
      />
      <StatCard
        icon={CalendarCheck}
        label="Location coverage"
        value={percent(d.coverage.locations)}
        tone="brand"
        hint="Places on rhythm"
      />
      <StatCard
        icon={Gauge}
        label="Unit coverage"
        value={percent(d.coverage.units)}
        tone="brand"
        hint="Units on rhythm"
      />
    </section>
  );
}

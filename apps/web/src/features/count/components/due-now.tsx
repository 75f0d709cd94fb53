import type { TDueCount } from '@quantics/contracts';
import { CalendarClock, Play } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatCount } from '@/lib/format';
import { useDueCounts } from '@/shared/count-plans/due-counts-api';
import type { StartChoice } from './start-count-form';

/** At most this many places are listed; the rest are counted in the heading. */
const SHOWN = 6;

/** A due place as the count to start there, with its plan. */
export const choiceFor = (d: TDueCount): StartChoice => ({
  locationId: d.location_id,
  room: d.room,
  scopeLabel: d.name,
  name: `${d.plan_name}: ${d.name}`,
  isBlind: d.blind,
  planId: d.plan_id,
});

/** "Due now": the planned places to count today, the person's own first; one tap starts the count there. */
export function DueNow({ onStart, isStarting }: { onStart: (c: StartChoice) => void; isStarting: boolean }) {
  const due = useDueCounts();
  const rows = due.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card className="overflow-hidden" data-testid="due-now">
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <CalendarClock className="size-4 text-brand-600 dark:text-brand-300" aria-hidden />
        <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Due now</h2>
        <Badge tone={rows.some((r) => r.overdue) ? 'amber' : 'brand'} className="ml-auto">
          {formatCount(rows.length)}
        </Badge>
      </div>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {rows.slice(0, SHOWN).map((d) => (
          <li key={`${d.plan_id}-${d.location_id ?? d.room}`}>
            <button
              type="button"
              disabled={isStarting}
              onClick={() => onStart(choiceFor(d))}
              className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-focus focus-visible:-outline-offset-2 disabled:opacity-60 dark:hover:bg-slate-800/60"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                  {d.name}
                </span>
                <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                  {d.plan_name}
                  {d.is_mine && ' · yours'}
                  {d.last_counted_at
                    ? ` · last counted ${new Date(d.last_counted_at).toLocaleDateString()}`
                    : ' · never counted'}
                </span>
              </span>
              {d.overdue ? <Badge tone="red">Overdue</Badge> : <Badge tone="amber">Due</Badge>}
              <Play className="size-4 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

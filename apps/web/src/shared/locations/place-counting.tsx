import type { TPlaceCounting } from '@quantics/contracts';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatPlainDate } from '@/lib/format';

/** Issue 36 (not in the spec): a place's counting, from the count plans (the Locations page, the Plans tab). */
export const COUNTING_TEXTS = {
  neverCounted: 'Never counted',
  notInPlan: 'Not in a plan',
  overdue: 'Overdue',
  dueNow: 'Due',
} as const;

const quiet = 'text-slate-500 dark:text-slate-400';

/** When a place was last counted (there, above it, or the whole store). */
export function LastCounted({ counting }: { counting: TPlaceCounting | undefined }) {
  const last = counting?.last_counted_at;
  if (!last) return <span className={quiet}>{COUNTING_TEXTS.neverCounted}</span>;
  return <time dateTime={last}>{formatDate(last)}</time>;
}

/** When its count plans next want it counted: overdue in red, due today in amber, "Not in a plan" otherwise. */
export function NextDue({ counting }: { counting: TPlaceCounting | undefined }) {
  const next = counting?.next_due_on;
  if (!next) return <span className={quiet}>{COUNTING_TEXTS.notInPlan}</span>;
  const plans = counting.plans.join(', ');
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" title={plans}>
      {counting.overdue ? (
        <Badge tone="red" hasDot>
          {COUNTING_TEXTS.overdue}
        </Badge>
      ) : counting.due ? (
        <Badge tone="amber" hasDot>
          {COUNTING_TEXTS.dueNow}
        </Badge>
      ) : null}
      <span className={counting.overdue || counting.due ? quiet : undefined}>
        {counting.overdue || counting.due ? 'due ' : ''}
        <time dateTime={next}>{formatPlainDate(next)}</time>
      </span>
    </span>
  );
}

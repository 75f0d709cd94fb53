import type { TOpenCount } from '@quantics/contracts';
import { Radio, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Panel } from '@/components/ui/panel';
import { formatCount, formatTime } from '@/lib/format';
import { countingLine, UnitsFound, useCountProgress, useOpenCounts } from '@/shared/audits/count-progress';

/** Counts shown at most; the rest are on the Audits page. */
const SHOWN = 6;

function CountRow({ count }: { count: TOpenCount }) {
  const progress = useCountProgress(count.id);
  const p = progress.data;
  const counting = count.participants.filter((m) => !m.finished).length;
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0" data-testid="count-in-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <Link
          to={`/audits?audit=${count.id}`}
          className="truncate text-sm font-semibold text-slate-900 hover:text-brand-700 hover:underline dark:text-slate-100 dark:hover:text-brand-300"
        >
          {count.name}
        </Link>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {count.place ?? 'Whole catalogue'} · started {formatTime(count.started_at)}
          {count.started_by ? ` by ${count.started_by}` : ''}
        </span>
      </div>
      {p && <UnitsFound progress={p} />}
      <p className="flex items-start gap-1.5 text-xs text-slate-600 dark:text-slate-400">
        <Users className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span>
          <span className="font-medium text-slate-700 dark:text-slate-300">
            {counting} of {formatCount(count.participants.length)} counting
          </span>
          {p && ` · ${formatCount(p.participants.reduce((n, x) => n + x.reads, 0))} reads`}
          {' · '}
          {countingLine(count)}
        </span>
      </p>
    </li>
  );
}

/** The company's counts in progress with their live figures (units found of expected, who counts), every few seconds. */
export function CountsInProgress() {
  const open = useOpenCounts();
  const counts = open.data?.data ?? [];
  if (counts.length === 0) return null;
  return (
    <Panel
      title="Counts in progress"
      icon={Radio}
      className="mb-4 sm:mb-6"
      action={
        counts.length > SHOWN ? (
          <Link to="/audits" className="text-sm text-brand-700 hover:underline dark:text-brand-300">
            All {formatCount(counts.length)}
          </Link>
        ) : undefined
      }
    >
      <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Counts in progress">
        {counts.slice(0, SHOWN).map((c) => (
          <CountRow key={c.id} count={c} />
        ))}
      </ul>
    </Panel>
  );
}

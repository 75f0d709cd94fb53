import type { TMovedDuring } from '@quantics/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { COUNT_TEXTS } from '../count-texts';
import type { CountView } from '../lib/count-session';
import { movedWords } from '../lib/moved-words';

function Figure({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <p className="text-xs text-slate-500 dark:text-slate-400">{label}</p>
      <p className={cn('text-xl font-semibold tabular-nums', tone)} data-testid={`count-${label}`}>
        {formatCount(value)}
      </p>
    </div>
  );
}

/** What a count in a trading store expects so far, by the portal's progress (issue 48), when stock moved during it. */
export type LiveExpected = { expected: number; moved: TMovedDuring };

/**
 * Units found against expected (hidden in a blind count), and the tags that are not where they should be. When stock
 * moved during the count (`live`), expected is the portal's figure so far, each product as of its first read, and
 * what moved is said under the bar.
 */
export function CountFigures({
  view,
  isBlind,
  live = null,
}: {
  view: CountView;
  isBlind: boolean;
  live?: LiveExpected | null;
}) {
  const expected = live?.expected ?? view.expected;
  const share = expected > 0 ? Math.min(100, Math.round((view.found / expected) * 100)) : 0;
  const moved = live && !isBlind ? movedWords(live.moved) : null;
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-end justify-between gap-3">
        <div>
          <p className="text-sm text-slate-500 dark:text-slate-400">Units found</p>
          <p className="mt-0.5 text-4xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-slate-100">
            <span data-testid="count-found">{formatCount(view.found)}</span>
            {!isBlind && (
              <span className="text-2xl font-normal text-slate-400 dark:text-slate-500">
                {' / '}
                <span data-testid="count-expected">{formatCount(expected)}</span>
              </span>
            )}
          </p>
        </div>
        {isBlind ? (
          <Badge tone="blue">Blind count</Badge>
        ) : (
          <span className="text-sm font-medium text-slate-600 tabular-nums dark:text-slate-300">
            {share}%
          </span>
        )}
      </div>
      {isBlind ? (
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          Expected figures are hidden. Count what is there; the result compares it when you finish.
        </p>
      ) : (
        <ProgressBar value={share} label="Units found against expected" className="mt-3" />
      )}
      {moved && (
        <p className="mt-2 text-sm text-amber-800 dark:text-amber-200" data-testid="count-moved">
          {COUNT_TEXTS.movedDuring(moved)}
        </p>
      )}
      {view.packages && (
        <p
          className="mt-2 text-sm text-slate-600 tabular-nums dark:text-slate-300"
          data-testid="count-packages"
        >
          Packages found <span className="font-semibold">{formatCount(view.packages.found)}</span>
          {!isBlind && ` of ${formatCount(view.packages.expected)}`}
        </p>
      )}
      {view.waiting > 0 && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="count-waiting">
          {COUNT_TEXTS.waitingReads(view.waiting)}
        </p>
      )}
      <div className="mt-4 grid grid-cols-3 gap-2">
        <Figure label="Misplaced" value={view.misplaced} tone="text-amber-600 dark:text-amber-400" />
        <Figure label="Unknown" value={view.unknown} tone="text-red-600 dark:text-red-400" />
        <Figure label="Ignored" value={view.ignored} tone="text-slate-700 dark:text-slate-300" />
      </div>
    </Card>
  );
}

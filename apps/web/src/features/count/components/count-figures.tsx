import { CircleHelp, MapPinOff, PackageCheck, TriangleAlert } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { cn } from '@/lib/cn';
import type { CountView, ReadKind } from '../lib/count-session';

const KIND: Record<ReadKind, { label: string; tone: BadgeTone }> = {
  found: { label: 'Found', tone: 'green' },
  misplaced: { label: 'Misplaced', tone: 'amber' },
  unknown: { label: 'Unknown', tone: 'red' },
  ignored: { label: 'Ignored', tone: 'slate' },
};

function Figure({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <p className="text-xs text-slate-500 dark:text-slate-400">{label}</p>
      <p className={cn('text-xl font-semibold tabular-nums', tone)} data-testid={`count-${label}`}>
        {value.toLocaleString()}
      </p>
    </div>
  );
}

/** Units found against expected (hidden in a blind count), and the tags that are not where they should be. */
export function CountFigures({ view, isBlind }: { view: CountView; isBlind: boolean }) {
  const share = view.expected > 0 ? Math.min(100, Math.round((view.found / view.expected) * 100)) : 0;
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-end justify-between gap-3">
        <div>
          <p className="text-sm text-slate-500 dark:text-slate-400">Units found</p>
          <p className="mt-0.5 text-4xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-slate-100">
            <span data-testid="count-found">{view.found.toLocaleString()}</span>
            {!isBlind && (
              <span className="text-2xl font-normal text-slate-400 dark:text-slate-500">
                {' / '}
                <span data-testid="count-expected">{view.expected.toLocaleString()}</span>
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
      <div className="mt-4 grid grid-cols-3 gap-2">
        <Figure label="Misplaced" value={view.misplaced} tone="text-amber-600 dark:text-amber-400" />
        <Figure label="Unknown" value={view.unknown} tone="text-red-600 dark:text-red-400" />
        <Figure label="Ignored" value={view.ignored} tone="text-slate-700 dark:text-slate-300" />
      </div>
    </Card>
  );
}

const ICONS = { found: PackageCheck, misplaced: MapPinOff, unknown: CircleHelp, ignored: TriangleAlert };

/** The last tags read, newest first: product name, or 'Unknown tag' with its text, or what was ignored. */
export function LastReads({ view }: { view: CountView }) {
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Last reads</h2>
        <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
          {view.reads.toLocaleString()} reads
        </span>
      </div>
      {view.last.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          Nothing read yet. Point the reader at the shelf and pull the trigger.
        </p>
      ) : (
        <ol aria-label="Last reads" className="divide-y divide-slate-100 dark:divide-slate-800">
          {view.last.map((r) => {
            const Icon = ICONS[r.kind];
            return (
              <li key={r.id} className="flex items-center gap-3 px-4 py-2.5" data-epc={r.epc ?? undefined}>
                <Icon className="size-4 shrink-0 text-slate-400" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">{r.title}</p>
                  <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">{r.detail}</p>
                </div>
                {r.times > 1 && (
                  <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">×{r.times}</span>
                )}
                <Badge tone={KIND[r.kind].tone}>{KIND[r.kind].label}</Badge>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

import type { TOpenCount } from '@quantics/contracts';
import { LogIn, Radio, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatTime } from '@/lib/format';
import { countingLine } from '@/shared/audits/count-progress';
import { COUNT_TEXTS } from '../count-texts';

/**
 * The company's counts in progress on the Count screen (issue 49): where, who started it and who is counting; one
 * tap joins it (this handheld's reads then go to that count). A count this handheld is in already is resumed.
 */
export function OpenCountsList({
  counts,
  deviceId,
  onJoin,
  isBusy,
  isOnline,
}: {
  counts: TOpenCount[];
  deviceId: number;
  onJoin: (count: TOpenCount) => void;
  isBusy: boolean;
  isOnline: boolean;
}) {
  if (counts.length === 0) return null;
  return (
    <Card className="overflow-hidden" data-testid="open-counts">
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <Radio className="size-4 text-brand-600 dark:text-brand-300" aria-hidden />
        <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          {COUNT_TEXTS.openCountsTitle}
        </h2>
        <p className="ml-auto text-xs text-slate-500 dark:text-slate-400">{COUNT_TEXTS.openCountsHint}</p>
      </div>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {counts.map((c) => {
          const mine = c.participants.find((m) => m.device_id === deviceId);
          // This handheld finished its part: it has nothing more to send to that count.
          if (mine?.finished) return null;
          return (
            <li key={c.id} className="flex items-center gap-3 px-4 py-3" data-testid="open-count">
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                  {c.name}
                </span>
                <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                  {c.place ?? COUNT_TEXTS.wholePlace}
                  {c.started_by ? ` · ${COUNT_TEXTS.startedBy(c.started_by, formatTime(c.started_at))}` : ''}
                </span>
                <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                  {COUNT_TEXTS.counting(countingLine(c))}
                </span>
              </span>
              <Button
                size="sm"
                variant={mine ? 'primary' : 'secondary'}
                disabled={isBusy || !isOnline}
                onClick={() => onJoin(c)}
                aria-label={`${mine ? 'Resume' : 'Join'} ${c.name}`}
              >
                {mine ? (
                  <RotateCcw className="size-4" aria-hidden />
                ) : (
                  <LogIn className="size-4" aria-hidden />
                )}
                {mine ? 'Resume' : 'Join'}
              </Button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

import type { TRecountToDo } from '@quantics/contracts';
import { Play, RotateCcw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatCount } from '@/lib/format';
import { useRecountsToDo } from '../api/recounts';
import { COUNT_TEXTS } from '../count-texts';

/**
 * "Recount requested": the counts an admin sent lines of to recount. One tap starts the recount on this browser
 * (or opens the one already started here); one under way on another reader is shown, not started twice.
 */
export function RecountsWaiting({
  deviceId,
  onOpen,
  isStarting,
}: {
  deviceId: number;
  onOpen: (r: TRecountToDo) => void;
  isStarting: boolean;
}) {
  const recounts = useRecountsToDo();
  const rows = recounts.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card
      className="overflow-hidden border-brand-200 dark:border-brand-500/30"
      data-testid="recounts-waiting"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <RotateCcw className="size-4 text-brand-600 dark:text-brand-300" aria-hidden />
        <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          {COUNT_TEXTS.recountsTitle}
        </h2>
        <Badge tone="brand" className="ml-auto">
          {formatCount(rows.length)}
        </Badge>
      </div>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {rows.map((r) => {
          const isElsewhere = r.recount_id !== null && r.recount_device_id !== deviceId;
          const text = (
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                {r.name}
              </span>
              <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                {r.place ? `${r.place} · ` : ''}
                {isElsewhere
                  ? COUNT_TEXTS.recountElsewhere(r.recount_device)
                  : COUNT_TEXTS.recountLines(r.lines)}
              </span>
            </span>
          );
          return (
            <li key={`${r.audit_id}-${r.recount_id ?? 'new'}`}>
              {isElsewhere ? (
                <div className="flex items-center gap-3 px-4 py-3">{text}</div>
              ) : (
                <button
                  type="button"
                  disabled={isStarting}
                  onClick={() => onOpen(r)}
                  className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-focus focus-visible:-outline-offset-2 disabled:opacity-60 dark:hover:bg-slate-800/60"
                >
                  {text}
                  <Badge tone={r.recount_id === null ? 'amber' : 'blue'}>
                    {r.recount_id === null ? 'Recount' : 'Started'}
                  </Badge>
                  <Play className="size-4 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

import { CheckCircle2, Circle } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { COUNT_TEXTS } from '../count-texts';
import type { ToFindRow } from '../lib/count-session';
import { movedWords } from '../lib/moved-words';

/** A recount's short list: each product (or package) to find and where it belongs, ticked off as it is read. */
export function ToFindList({ rows }: { rows: ToFindRow[] }) {
  const done = rows.filter((r) => r.isFound).length;
  return (
    <Card className="overflow-hidden" data-testid="to-find">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <div>
          <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">
            {COUNT_TEXTS.toFindTitle}
          </h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">{COUNT_TEXTS.toFindHint}</p>
        </div>
        <span className="shrink-0 text-sm font-medium text-slate-600 tabular-nums dark:text-slate-300">
          {formatCount(done)} / {formatCount(rows.length)}
        </span>
      </div>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {rows.map((r) => (
          <li key={r.sku} className="flex items-center gap-3 px-4 py-3" data-testid="to-find-row">
            {r.isFound ? (
              <CheckCircle2
                className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400"
                aria-label="Found"
              />
            ) : (
              <Circle
                className="size-5 shrink-0 text-slate-300 dark:text-slate-600"
                aria-label="Not found yet"
              />
            )}
            <span className="min-w-0 flex-1">
              <span
                className={cn(
                  'block truncate text-sm font-medium',
                  r.isFound ? 'text-slate-500 dark:text-slate-400' : 'text-slate-900 dark:text-slate-100',
                )}
              >
                {r.name}
              </span>
              <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                {r.sku}
                {r.place ? ` · ${r.place}` : ''}
              </span>
              {r.moved && movedWords(r.moved) && (
                <span
                  className="block truncate text-xs text-amber-700 dark:text-amber-300"
                  data-testid="to-find-moved"
                >
                  {movedWords(r.moved)}
                </span>
              )}
            </span>
            <span className="shrink-0 text-sm tabular-nums text-slate-600 dark:text-slate-300">
              {formatCount(r.found)} / {formatCount(r.expected)}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

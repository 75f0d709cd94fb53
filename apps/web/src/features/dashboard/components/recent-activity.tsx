import type { TActivityItem } from '@quantics/contracts';
import { History } from 'lucide-react';
import { Panel, PanelEmpty } from '@/components/ui/panel';
import { DASHBOARD_TEXTS } from '@/features/dashboard/dashboard-texts';
import { cn } from '@/lib/cn';
import { formatCount, formatDateTime, formatTimeAgo } from '@/lib/format';

const performer = (a: TActivityItem) =>
  a.performer_type === 'device' ? `${a.performer_name} (Device)` : a.performer_name;

/** Numbered, newest first: what happened, who did it, and for stock changes the SKU and quantity. */
export function RecentActivity({ items }: { items: TActivityItem[] | undefined }) {
  return (
    <Panel title="Recent Activity" icon={History}>
      {!items ? null : items.length === 0 ? (
        <PanelEmpty icon={History}>{DASHBOARD_TEXTS.noActivity}</PanelEmpty>
      ) : (
        <ol className="space-y-4">
          {items.map((a, i) => (
            <li key={a.id} className="flex gap-3" data-testid="activity-item">
              <span
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  a.type === 'audit'
                    ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300'
                    : 'bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300',
                )}
              >
                {i + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm [overflow-wrap:anywhere] text-slate-900 dark:text-slate-100">
                  {a.message}
                </p>
                <p className="mt-0.5 text-xs [overflow-wrap:anywhere] text-slate-500 dark:text-slate-400">
                  <span className="font-medium text-slate-600 dark:text-slate-300">{performer(a)}</span>
                  {a.sku && <> · SKU {a.sku}</>}
                  {a.quantity !== null && <> · Qty {formatCount(a.quantity)}</>}
                  {' · '}
                  <time dateTime={a.time} title={formatDateTime(a.time)}>
                    {formatTimeAgo(a.time)}
                  </time>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

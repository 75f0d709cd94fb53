import {
  DASHBOARD_LIST_SIZE,
  expiringColor,
  type TExpiringItem,
  type TLowStockItem,
  type TTopProduct,
} from '@quantics/contracts';
import { CalendarClock, PackageMinus, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { Panel, PanelEmpty } from '@/components/ui/panel';
import { DASHBOARD_TEXTS } from '@/features/dashboard/dashboard-texts';
import { cn } from '@/lib/cn';
import { formatCount, formatPlainDate } from '@/lib/format';
import { EXPIRING_TONES } from '../dashboard-format';

const rowClass = 'flex items-center gap-3 py-2.5 first:pt-0 last:pb-0';
const nameClass = 'truncate text-sm font-medium text-slate-900 dark:text-slate-100';
const subClass = 'truncate text-xs text-slate-500 dark:text-slate-400';

export function LowInventory({ items }: { items: TLowStockItem[] | undefined }) {
  return (
    <Panel
      title="Low Inventory"
      icon={PackageMinus}
      action={
        <Link
          to="/inventory"
          className="text-sm font-medium text-brand-600 hover:text-brand-700 dark:text-brand-400"
        >
          View all
        </Link>
      }
    >
      {!items ? null : items.length === 0 ? (
        <PanelEmpty icon={PackageMinus}>{DASHBOARD_TEXTS.noLowStock}</PanelEmpty>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((p) => (
            <li key={p.id} className={rowClass} data-testid="low-stock-item">
              <div className="min-w-0 flex-1">
                <p className={nameClass}>{p.name}</p>
                <p className={subClass}>SKU {p.sku}</p>
              </div>
              <span
                className={cn(
                  'shrink-0 text-sm font-semibold tabular-nums',
                  p.quantity === 0 ? 'text-red-600 dark:text-red-400' : 'text-amber-600 dark:text-amber-400',
                )}
              >
                {formatCount(p.quantity)} {p.quantity === 1 ? 'unit' : 'units'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function ExpiringSoon({ items }: { items: TExpiringItem[] | undefined }) {
  return (
    <Panel title="Expiring Soon" icon={CalendarClock}>
      {!items ? null : items.length === 0 ? (
        <PanelEmpty icon={CalendarClock}>{DASHBOARD_TEXTS.noExpiring}</PanelEmpty>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.slice(0, DASHBOARD_LIST_SIZE).map((p) => {
            const tone = expiringColor(p.days_left);
            return (
              <li key={p.id} className={rowClass} data-testid="expiring-item" data-tone={tone}>
                <div className="min-w-0 flex-1">
                  <p className={nameClass}>{p.name}</p>
                  <p className={subClass}>
                    SKU {p.sku} · Qty {formatCount(p.quantity)}
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <span
                    className={cn(
                      'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                      EXPIRING_TONES[tone],
                    )}
                    data-testid="days-left"
                  >
                    {p.days_left === 0
                      ? 'Today'
                      : `${p.days_left} ${p.days_left === 1 ? 'day' : 'days'} left`}
                  </span>
                  <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                    {formatPlainDate(p.expiration_date)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

export function TopProducts({ items }: { items: TTopProduct[] | undefined }) {
  return (
    <Panel title="Top Products" icon={TrendingUp}>
      {!items ? null : items.length === 0 ? (
        <PanelEmpty icon={TrendingUp}>{DASHBOARD_TEXTS.noSales}</PanelEmpty>
      ) : (
        <ol className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.slice(0, DASHBOARD_LIST_SIZE).map((p, i) => (
            <li key={p.packageId} className={rowClass} data-testid="top-product">
              <span className="w-5 shrink-0 text-sm font-semibold text-slate-400 tabular-nums">{i + 1}</span>
              <div className="min-w-0 flex-1">
                <p className={nameClass}>{p.productName}</p>
                <p className={subClass}>{p.vendor ?? 'No vendor'}</p>
              </div>
              <span className="shrink-0 text-sm font-semibold tabular-nums text-slate-900 dark:text-slate-100">
                {formatCount(p.totalQuantity)} sold
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

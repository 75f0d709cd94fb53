import type { TDashboardStats, TPointOfSaleSource } from '@quantics/contracts';
import { AlertTriangle, Boxes } from 'lucide-react';
import { Panel } from '@/components/ui/panel';
import { formatCount, formatTimeAgo, formatUsd } from '@/lib/format';

/** Where a point-of-sale company's figures come from: Dutchie, as of when, and what went wrong reading it. */
function DutchieSource({ source }: { source: TPointOfSaleSource }) {
  return (
    <div className="mt-4 space-y-2 text-xs" data-testid="dutchie-source">
      {source.message && (
        <p className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-800 ring-1 ring-amber-200 ring-inset dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/30">
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span>{source.message}</span>
        </p>
      )}
      <p className="text-slate-500 dark:text-slate-400">
        From Dutchie{source.as_of ? ` · updated ${formatTimeAgo(source.as_of)}` : ''}
      </p>
    </div>
  );
}

/**
 * Total inventory cost (quantity x unit cost) and the catalogue's size; for a point-of-sale company, its Dutchie
 * packages in stock (a package counts as a product) and where the figures come from.
 */
export function InventoryOverview({
  inventory,
  pointOfSale,
}: {
  inventory: TDashboardStats['inventory'] | undefined;
  pointOfSale?: TPointOfSaleSource | null;
}) {
  const figures = [
    { label: 'Total Products', value: inventory?.totalProducts },
    { label: 'Total Units', value: inventory?.totalUnits },
    { label: 'Vendors', value: inventory?.totalVendors },
    { label: 'Categories', value: inventory?.totalCategories },
  ];
  return (
    <Panel title="Inventory Overview" icon={Boxes}>
      <p className="text-sm text-slate-500 dark:text-slate-400">Total Inventory Cost</p>
      <p
        className="mt-1 text-3xl font-semibold tracking-tight tabular-nums text-slate-900 dark:text-slate-100"
        data-testid="inventory-cost"
      >
        {inventory ? formatUsd(inventory.totalInventoryCost) : '–'}
      </p>
      <dl className="mt-5 grid grid-cols-2 gap-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg bg-slate-50 px-3 py-2.5 dark:bg-slate-800/60">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{f.label}</dt>
            <dd
              className="text-lg font-semibold tabular-nums text-slate-900 dark:text-slate-100"
              data-testid={`inventory-${f.label}`}
            >
              {f.value === undefined ? '–' : formatCount(f.value)}
            </dd>
          </div>
        ))}
      </dl>
      {pointOfSale && <DutchieSource source={pointOfSale} />}
    </Panel>
  );
}

import type { TInventorySummary } from '@quantics/contracts';
import { AlertTriangle, CheckCircle2, Package, PackageX } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatCount } from '@/lib/format';

/** The four cards: they count the whole catalogue, whatever the filters. */
export function InventorySummary({ summary }: { summary: TInventorySummary | undefined }) {
  const n = (v: number | undefined) => (v === undefined ? undefined : formatCount(v));
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard icon={Package} label="Total Products" value={n(summary?.total)} />
      <StatCard icon={CheckCircle2} tone="green" label="In Stock" value={n(summary?.inStock)} />
      <StatCard icon={AlertTriangle} tone="amber" label="Low Stock" value={n(summary?.lowStock)} />
      <StatCard icon={PackageX} tone="red" label="Out of Stock" value={n(summary?.outOfStock)} />
    </div>
  );
}

import type { TDashboardStats } from '@quantics/contracts';
import { AlertTriangle, ClipboardCheck, Package, PackageMinus } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatCount } from '@/lib/format';

export function ReportStats({ stats }: { stats: TDashboardStats | undefined }) {
  const n = (v: number | undefined) => (v === undefined ? undefined : formatCount(v));
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard icon={Package} label="Total Products" value={n(stats?.inventory.totalProducts)} />
      <StatCard
        icon={PackageMinus}
        label="Low Stock Items"
        tone="amber"
        value={n(stats?.inventory.lowStock)}
      />
      <StatCard icon={ClipboardCheck} label="Audits (30 days)" tone="green" value={n(stats?.audits.total)} />
      <StatCard
        icon={AlertTriangle}
        label="Total Discrepancies"
        tone="red"
        value={n(stats?.audits.totalDiscrepancies)}
      />
    </div>
  );
}

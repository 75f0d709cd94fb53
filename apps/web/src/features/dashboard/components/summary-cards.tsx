import { accuracyColor, type TDashboardStats } from '@quantics/contracts';
import { AlertTriangle, Gauge, ScanLine, Wifi } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { formatCount, formatPercent } from '@/lib/format';
import { ACCURACY_TEXT } from '@/shared/audits/audit-bits';

/** The four cards: the latest audit's products scanned and discrepancies, accuracy, devices online. */
export function SummaryCards({ stats }: { stats: TDashboardStats | undefined }) {
  const accuracy = stats?.audits.averageAccuracy ?? null;
  const devices = stats?.devices;
  const percentOnline = devices && devices.total > 0 ? Math.round((devices.online / devices.total) * 100) : 0;
  const hasAudit = stats ? stats.latestAudit.id !== null : false;
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        icon={ScanLine}
        label="Products Scanned"
        value={stats && formatCount(stats.latestAudit.tagsFound)}
        hint={hasAudit ? 'Latest audit' : 'No audit yet'}
      />
      <StatCard
        icon={AlertTriangle}
        label="Discrepancies"
        tone={stats && stats.latestAudit.discrepancies > 0 ? 'red' : 'green'}
        value={stats && formatCount(stats.latestAudit.discrepancies)}
        hint={hasAudit ? 'Latest audit' : 'No audit yet'}
      />
      <StatCard
        icon={Gauge}
        label="Accuracy Rate"
        tone="amber"
        value={accuracy === null ? (stats ? '–' : undefined) : formatPercent(accuracy)}
        valueClassName={accuracy === null ? undefined : ACCURACY_TEXT[accuracyColor(accuracy)]}
        hint={accuracy === null ? 'No audits in 30 days' : 'Last 30 days'}
      />
      <StatCard
        icon={Wifi}
        label="Devices Online"
        tone="slate"
        value={devices && `${formatCount(devices.online)}/${formatCount(devices.total)}`}
        hint={devices ? `${percentOnline}% online` : undefined}
      />
    </div>
  );
}

import { hasRole } from '@quantics/contracts';
import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useAuth } from '@/app/auth-provider';
import { PageHeader } from '@/components/layout/page-header';
import { Card } from '@/components/ui/card';
import { HelpToggle, useHelp } from '@/components/ui/help-panel';
import { usePageTitle } from '@/lib/page-title';
import { StoreKpisPanel } from '@/shared/zones/store-kpis-panel';
import { useDashboardStats } from '../api/dashboard-stats';
import { AccountStrip } from '../components/account-strip';
import { AwaitingReview } from '../components/awaiting-review';
import { AuditTrendsPanel, SystemStatusPanel } from '../components/chart-panels';
import { CountsInProgress } from '../components/counts-in-progress';
import { CycleCounts } from '../components/cycle-counts';
import { DashboardHelp } from '../components/dashboard-help';
import { GettingStarted } from '../components/getting-started';
import { InventoryOverview } from '../components/inventory-overview';
import { RecentActivity } from '../components/recent-activity';
import { RecentAudits } from '../components/recent-audits';
import { ExpiringSoon, LowInventory, TopProducts } from '../components/stock-lists';
import { SummaryCards } from '../components/summary-cards';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  const help = useHelp();
  const query = useDashboardStats();
  const stats = query.data;
  // Spec: dashboard data failures are only logged; the last figures stay on screen.
  useEffect(() => {
    if (query.error) console.error('Dashboard figures could not be loaded', query.error);
  }, [query.error]);
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome${user.name ? `, ${user.name}` : ''}. Here is where ${user.company} stands.`}
        actions={<HelpToggle help={help} />}
      />
      <AccountStrip user={user} />
      <DashboardHelp help={help} />
      <GettingStarted user={user} />
      {query.isError && !stats && (
        <Card className="mb-6 flex items-center gap-3 p-4 text-sm text-slate-600 dark:text-slate-400">
          <RefreshCw className="size-4 shrink-0" aria-hidden />
          The figures could not be loaded. They are tried again every 30 seconds.
        </Card>
      )}
      <SummaryCards stats={stats} />
      <AwaitingReview reviews={stats?.reviews} />
      <CycleCounts />
      <CountsInProgress />
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-3">
        <AuditTrendsPanel stats={stats} />
        <SystemStatusPanel stats={stats} />
        <RecentAudits audits={stats?.recentAudits} canComment={hasRole(user.role, 'operator')} />
        <RecentActivity items={stats?.recentActivity} />
      </div>
      <StoreKpisPanel quietWithoutStore className="mt-4 sm:mt-6" />
      <div className="mt-4 grid gap-4 sm:mt-6 sm:gap-6 md:grid-cols-2">
        <InventoryOverview inventory={stats?.inventory} pointOfSale={stats?.pointOfSale} />
        <LowInventory items={stats?.lowStock} />
        <ExpiringSoon items={stats?.expiring} />
        <TopProducts items={stats?.topProducts} />
      </div>
    </>
  );
}

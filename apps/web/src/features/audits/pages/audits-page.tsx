import { AUDIT_STATUSES, PAGE_SIZES, type TAudit, type TAuditStatus } from '@quantics/contracts';
import { CheckCircle2, ClipboardList, FileUp, RefreshCw, Target, TriangleAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '@/app/auth-provider';
import { useCan } from '@/app/use-can';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatPercent } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { notify } from '@/lib/toast';
import { usePagedFilters } from '@/lib/use-paged-filters';
import { useToastOnError } from '@/lib/use-toast-on-error';
import { useAudit } from '@/shared/audits/audit-api';
import { STATUS_LABELS } from '@/shared/audits/audit-bits';
import { AuditDetailsDialog } from '@/shared/audits/audit-details-dialog';
import { AUDIT_TEXTS } from '@/shared/audits/audit-texts';
import { CommentsDialog } from '@/shared/audits/comments-dialog';
import { useAudits } from '../api/audits';
import { ApplyCountsDialog } from '../components/apply-counts-dialog';
import { AuditsList } from '../components/audits-list';
import { ImportReadsDialog } from '../components/import-reads-dialog';
import { TeamCountActions } from '../components/team-count-actions';

type Filter = TAuditStatus | 'all' | 'awaiting_review';

/**
 * What other features put on this page, composed by the route (app/audits-route.tsx): a feature imports nothing of
 * another feature.
 */
export type AuditsPageSlots = {
  /** The Plans tab's content (operators and admins): the plans feature. */
  plans: ReactNode;
  /** The review of a count (admins; null: closed): the reviews feature's dialog. */
  renderReview: (audit: TAudit | null, onClose: () => void) => ReactNode;
};

export function AuditsPage({ plans, renderReview }: AuditsPageSlots) {
  usePageTitle('Audits');
  const { user } = useAuth();
  const canWrite = useCan('operator');
  // /audits?status=awaiting_review (the dashboard's "Awaiting review") opens the list filtered.
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<Filter>(() =>
    params.get('status') === 'awaiting_review' ? 'awaiting_review' : 'all',
  );
  // Changing the filter or the page size goes back to page 1.
  const { page, setPage, limit, setLimit } = usePagedFilters(status, 10);
  const list = useAudits({ page, limit, status });
  useToastOnError(list.error, AUDIT_TEXTS.loadFailed);
  const [openId, setOpenId] = useState<number | null>(null);
  // An audit opened from outside the page's rows (the one an import just made, on another page of the list).
  const [openedAudit, setOpenedAudit] = useState<TAudit | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const [commenting, setCommenting] = useState<TAudit | null>(null);
  const [applying, setApplying] = useState<TAudit | null>(null);
  const [reviewing, setReviewing] = useState<TAudit | null>(null);
  const isAdmin = useCan('admin');
  // /audits?audit=12 (a notification's link) opens that audit's details, wherever it is in the list.
  const linkedId = Number(params.get('audit')) || null;
  const linked = useAudit(linkedId);
  // The bell's link to a count awaiting review (?audit=12&review=1) opens its review for an admin.
  const linkedReview = params.get('review') === '1' && isAdmin && linked.data ? linked.data : null;
  if (!user) return null;
  const rows = list.data?.data ?? [];
  const open =
    rows.find((a) => a.id === openId) ??
    (openedAudit?.id === openId ? openedAudit : null) ??
    (linkedId !== null && linked.data?.id === linkedId && !linkedReview ? linked.data : null);
  const close = () => {
    setOpenId(null);
    if (linkedId !== null) setParams({}, { replace: true });
  };

  const summary = list.data?.summary;

  const refresh = async () => {
    const res = await list.refetch();
    if (!res.isError) notify.success(AUDIT_TEXTS.refreshed);
  };

  return (
    <>
      <PageHeader
        title={AUDIT_TEXTS.title}
        description="Every count your readers report, reconciled against expected stock."
        actions={
          canWrite && (
            <Button variant="secondary" onClick={() => setIsImporting(true)}>
              <FileUp className="size-4" aria-hidden />
              Import reads
            </Button>
          )
        }
      />
      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard icon={ClipboardList} label="Total Audits" value={summary?.total} />
        <StatCard icon={CheckCircle2} tone="green" label="Completed" value={summary?.completed} />
        <StatCard
          icon={Target}
          tone="brand"
          label="Avg. Accuracy"
          value={
            summary
              ? summary.averageAccuracy === null
                ? '—'
                : formatPercent(summary.averageAccuracy)
              : undefined
          }
        />
        <StatCard icon={TriangleAlert} tone="amber" label="Discrepancies" value={summary?.discrepancies} />
      </div>

      <Tabs defaultValue="audits">
        {canWrite && (
          <TabsList className="mb-4">
            <TabsTrigger value="audits">Audits</TabsTrigger>
            <TabsTrigger value="plans">Plans</TabsTrigger>
          </TabsList>
        )}
        {canWrite && <TabsContent value="plans">{plans}</TabsContent>}
        <TabsContent value="audits">
          <Card className="overflow-hidden">
            <div className="flex items-center gap-2 border-b border-slate-200 p-4 dark:border-slate-800">
              <Select
                aria-label="Filter by status"
                value={status}
                onChange={(e) => setStatus(e.target.value as Filter)}
                className="w-48"
              >
                <option value="all">All statuses</option>
                <option value="awaiting_review">Awaiting review</option>
                {AUDIT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
              <Button variant="secondary" onClick={refresh} isLoading={list.isFetching} className="ml-auto">
                {!list.isFetching && <RefreshCw className="size-4" aria-hidden />}
                Refresh
              </Button>
            </div>
            {list.isPending ? (
              <Spinner label="Loading audits" />
            ) : list.isError && !list.data ? (
              <LoadError title={AUDIT_TEXTS.loadFailed} error={list.error} onRetry={() => list.refetch()} />
            ) : rows.length === 0 ? (
              <EmptyState icon={ClipboardList} title={AUDIT_TEXTS.empty}>
                {status === 'all'
                  ? 'Audits appear here when a paired reader completes a scan, or when you import a file of reads.'
                  : 'No audit has this status.'}
              </EmptyState>
            ) : (
              <AuditsList
                audits={rows}
                onOpen={(a) => setOpenId(a.id)}
                onComments={canWrite ? setCommenting : undefined}
              />
            )}
            {list.data && list.data.pagination.totalItems > 0 && (
              <Pagination
                page={list.data.pagination.page}
                totalPages={list.data.pagination.totalPages}
                totalItems={list.data.pagination.totalItems}
                limit={limit}
                pageSizes={PAGE_SIZES}
                onPageChange={setPage}
                onLimitChange={setLimit}
                noun="audits"
              />
            )}
          </Card>
        </TabsContent>
      </Tabs>

      <AuditDetailsDialog
        audit={open}
        onClose={close}
        onComments={canWrite ? setCommenting : undefined}
        // A Dutchie store's quantities are kept in Dutchie, which the portal only reads.
        onApply={canWrite && user.inventory_type !== 'dutchie' ? setApplying : undefined}
        onReview={isAdmin ? setReviewing : undefined}
        liveActions={canWrite ? (a) => <TeamCountActions audit={a} /> : undefined}
      />
      {renderReview(reviewing ?? linkedReview, () => {
        setReviewing(null);
        if (linkedReview) setParams({}, { replace: true });
      })}
      <CommentsDialog audit={commenting} onClose={() => setCommenting(null)} />
      <ImportReadsDialog
        isOpen={isImporting}
        onOpenChange={setIsImporting}
        onOpenAudit={(audit) => {
          setOpenedAudit(audit);
          setOpenId(audit.id);
        }}
      />
      <ApplyCountsDialog audit={applying} onClose={() => setApplying(null)} />
    </>
  );
}

import type { TAudit, TDiscrepancy } from '@quantics/contracts';
import { CheckCheck, ClipboardCheck, ListChecks, MessageSquare, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatCount } from '@/lib/format';
import { useToastOnError } from '@/lib/use-toast-on-error';
import { useAuditDiscrepancies } from './audit-api';
import { Accuracy, AuditStatusBadge, formatDateTime } from './audit-bits';
import { AUDIT_TEXTS } from './audit-texts';
import { LiveCount } from './count-progress';
import { DiscrepancyTable } from './discrepancy-table';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** Misplaced and unknown tags are counted apart from the discrepancies: '2 misplaced, 1 unknown'. */
function extras(a: TAudit): string {
  const parts = [];
  if (a.misplaced_count > 0) parts.push(`${formatCount(a.misplaced_count)} misplaced`);
  if (a.unknown_count > 0) parts.push(`${formatCount(a.unknown_count)} unknown`);
  return parts.join(', ');
}

type Props = {
  audit: TAudit | null;
  onClose: () => void;
  onComments?: (a: TAudit) => void;
  onApply?: (a: TAudit) => void;
  /** Admins: review the count's lines (shown when a line was over the count policy). */
  onReview?: (a: TAudit) => void;
  /** While the count runs: what may be done to it, under its live progress (team counts, issue 49). */
  liveActions?: (a: TAudit) => ReactNode;
};

/** The recounts that counted lines of this audit again, oldest first. */
const recountedIn = (rows: TDiscrepancy[] | undefined) =>
  [...new Set((rows ?? []).flatMap((r) => (r.recount_audit_id === null ? [] : [r.recount_audit_id])))].sort(
    (a, b) => a - b,
  );

export function AuditDetailsDialog({ audit, onClose, onComments, onApply, onReview, liveActions }: Props) {
  const rows = useAuditDiscrepancies(audit);
  useToastOnError(rows.error, AUDIT_TEXTS.discrepanciesFailed);
  // Under review, lines are applied as they are approved: applying again is how the rest follow. A count of a place
  // with only misplaced products can be applied too: a product ticked there gets a place there.
  const canApply =
    audit?.status === 'completed' &&
    (!audit.counts_applied_at || audit.review_status !== 'none') &&
    (audit.discrepancies_count > 0 || (audit.location_id !== null && audit.misplaced_count > 0));
  return (
    <Dialog
      isOpen={audit !== null}
      onOpenChange={(o) => !o && onClose()}
      title={audit?.name ?? ''}
      className="sm:max-w-3xl"
    >
      {audit && (
        <div className="space-y-5">
          <dl className="grid grid-cols-2 gap-4 rounded-lg bg-slate-50 p-4 sm:grid-cols-3 dark:bg-slate-800/50">
            <Fact label="Status">
              <AuditStatusBadge status={audit.status} />
            </Fact>
            <Fact label="Date">{formatDateTime(audit.created_at)}</Fact>
            <Fact label="Device">{audit.device_name ?? AUDIT_TEXTS.unknownDevice}</Fact>
            <Fact label="Location">{audit.location ?? AUDIT_TEXTS.notSpecified}</Fact>
            <Fact label="Tags scanned">
              <span className="tabular-nums">
                {formatCount(audit.tags_found)} / {formatCount(audit.tags_expected)}
              </span>
            </Fact>
            {audit.packages_expected !== null && (
              <Fact label="Packages found">
                <span className="tabular-nums" data-testid="packages-found">
                  {formatCount(audit.packages_found ?? 0)} of {formatCount(audit.packages_expected)}
                </span>
              </Fact>
            )}
            <Fact label="Accuracy">
              <Accuracy value={audit.accuracy} />
            </Fact>
            {audit.record_accuracy !== null && (
              <Fact label="Record accuracy">
                <span data-testid="record-accuracy">
                  <Accuracy value={audit.record_accuracy} />
                  <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">
                    of products exactly right
                  </span>
                </span>
              </Fact>
            )}
            <Fact label="Discrepancies">
              <span className="tabular-nums">{formatCount(audit.discrepancies_count)}</span>
              {extras(audit) && (
                <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">({extras(audit)})</span>
              )}
            </Fact>
            <Fact label="Audit type">{audit.audit_type ?? AUDIT_TEXTS.manual}</Fact>
            <Fact label="Completed at">{audit.completed_at ? formatDateTime(audit.completed_at) : '—'}</Fact>
            {audit.started_by && <Fact label="Counted by">{audit.started_by}</Fact>}
            {audit.recount_of !== null && (
              <Fact label="Recount">
                <span data-testid="recount-of">Recount of #{audit.recount_of}</span>
              </Fact>
            )}
            {recountedIn(rows.data).length > 0 && (
              <Fact label="Recounted">
                <span data-testid="recounted-in">
                  Recounted in{' '}
                  {recountedIn(rows.data)
                    .map((id) => `#${id}`)
                    .join(', ')}
                </span>
              </Fact>
            )}
          </dl>
          {audit.status === 'in_progress' && <LiveCount auditId={audit.id} actions={liveActions?.(audit)} />}
          {audit.comments && (
            <p className="flex gap-2 rounded-lg border border-slate-200 p-3 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
              <MessageSquare className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
              {audit.comments}
            </p>
          )}
          {audit.counts_applied_at && (
            <p className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-300">
              <CheckCheck className="size-4 shrink-0" aria-hidden />
              Counts applied to the inventory by {audit.counts_applied_by} on{' '}
              {formatDateTime(audit.counts_applied_at)}
            </p>
          )}
          <section>
            <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
              Discrepancy Details
            </h3>
            <DiscrepancyTable rows={rows.data} isLoading={rows.isFetching && !rows.data} />
          </section>
          {(onComments || (onApply && canApply) || (onReview && audit.review_status !== 'none')) && (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {onApply && audit.review_status !== 'none' && (
                <Link
                  to={`/audits/adjustments?audit=${audit.id}`}
                  className="inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus sm:mr-auto dark:text-slate-300 dark:hover:bg-slate-800"
                >
                  <Printer className="size-4" aria-hidden />
                  Print adjustments sheet
                </Link>
              )}
              {onReview && audit.review_status !== 'none' && (
                <Button variant="secondary" onClick={() => onReview(audit)}>
                  <ListChecks className="size-4" aria-hidden />
                  Review lines
                </Button>
              )}
              {onComments && (
                <Button variant="secondary" onClick={() => onComments(audit)}>
                  <MessageSquare className="size-4" aria-hidden />
                  {audit.comments ? 'Edit comments' : 'Add comments'}
                </Button>
              )}
              {onApply && canApply && (
                <Button onClick={() => onApply(audit)}>
                  <ClipboardCheck className="size-4" aria-hidden />
                  Apply counts
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}

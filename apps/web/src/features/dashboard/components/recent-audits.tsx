import type { TRecentAudit } from '@quantics/contracts';
import { ClipboardList, Eye, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Panel, PanelEmpty } from '@/components/ui/panel';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { DASHBOARD_TEXTS } from '@/features/dashboard/dashboard-texts';
import { cn } from '@/lib/cn';
import { formatCount, formatDate, formatDateTime, formatTime } from '@/lib/format';
import { useAudit } from '@/shared/audits/audit-api';
import { AuditDetailsDialog } from '@/shared/audits/audit-details-dialog';
import { CommentsDialog } from '@/shared/audits/comments-dialog';

const deviceName = (a: TRecentAudit) => a.device_name ?? DASHBOARD_TEXTS.unknownDevice;

function Off({ count }: { count: number }) {
  return (
    <span
      className={cn(
        'font-medium tabular-nums',
        count > 0 ? 'text-red-600 dark:text-red-400' : 'text-emerald-600 dark:text-emerald-400',
      )}
    >
      {formatCount(count)}
    </span>
  );
}

/** The latest audits with their details and comments; comments are for operators and admins (server rule). */
export function RecentAudits({
  audits,
  canComment,
}: {
  audits: TRecentAudit[] | undefined;
  canComment: boolean;
}) {
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [commenting, setCommenting] = useState<TRecentAudit | null>(null);
  // The same dialogs as the audits page: the row carries a summary, the dialog reads the whole audit.
  const details = useAudit(detailsId);
  const shown = details.data?.id === detailsId ? details.data : null;

  const actions = (a: TRecentAudit) => (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        className="px-2"
        onClick={() => setDetailsId(a.id)}
        aria-label={`View details of ${a.name}`}
        title="View details"
      >
        <Eye className="size-4" aria-hidden />
      </Button>
      {canComment && (
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          onClick={() => setCommenting(a)}
          aria-label={`${a.comments ? 'Edit' : 'Add'} comments on ${a.name}`}
          title={a.comments ? 'Edit comments' : 'Add comments'}
        >
          <MessageSquare
            className={cn(
              'size-4',
              a.comments && 'fill-brand-100 text-brand-600 dark:fill-brand-500/20 dark:text-brand-400',
            )}
            aria-hidden
          />
        </Button>
      )}
    </div>
  );

  return (
    <Panel
      title="Recent Audits"
      icon={ClipboardList}
      className="lg:col-span-2"
      bodyClassName="p-0"
      action={
        <Link
          to="/audits"
          className="text-sm font-medium text-brand-600 hover:text-brand-700 dark:text-brand-400"
        >
          View all
        </Link>
      }
    >
      {!audits ? null : audits.length === 0 ? (
        <PanelEmpty icon={ClipboardList}>{DASHBOARD_TEXTS.noAudits}</PanelEmpty>
      ) : (
        <>
          <Table className="hidden md:block">
            <THead>
              <tr>
                <Th>Device</Th>
                <Th>Date &amp; Time</Th>
                <Th className="text-right">Tags Scanned</Th>
                <Th className="text-right">Discrepancies</Th>
                <Th className="text-right">Actions</Th>
              </tr>
            </THead>
            <TBody>
              {audits.map((a) => (
                <Tr key={a.id} data-testid="recent-audit">
                  <Td className="max-w-44 font-medium text-slate-900 dark:text-slate-100">
                    <p className="truncate" title={deviceName(a)}>
                      {deviceName(a)}
                    </p>
                    <p className="truncate text-xs font-normal text-slate-500 dark:text-slate-400">
                      {a.name}
                    </p>
                  </Td>
                  <Td className="whitespace-nowrap">
                    <p>{formatDate(a.created_at)}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">{formatTime(a.created_at)}</p>
                  </Td>
                  <Td className="text-right tabular-nums">{formatCount(a.tags_found)}</Td>
                  <Td className="text-right">
                    <Off count={a.discrepancies_count} />
                  </Td>
                  <Td isCompact>{actions(a)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <ul className="divide-y divide-slate-100 md:hidden dark:divide-slate-800">
            {audits.map((a) => (
              <li key={a.id} className="flex items-center gap-3 px-5 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                    {deviceName(a)}
                  </p>
                  <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                    {a.name} · {formatDateTime(a.created_at)}
                  </p>
                  <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">
                    {formatCount(a.tags_found)} scanned · <Off count={a.discrepancies_count} /> off
                  </p>
                </div>
                {actions(a)}
              </li>
            ))}
          </ul>
        </>
      )}
      <AuditDetailsDialog
        audit={shown}
        onClose={() => setDetailsId(null)}
        onComments={
          canComment
            ? (a) => {
                setDetailsId(null);
                setCommenting(audits?.find((r) => r.id === a.id) ?? null);
              }
            : undefined
        }
      />
      <CommentsDialog audit={commenting} onClose={() => setCommenting(null)} />
    </Panel>
  );
}

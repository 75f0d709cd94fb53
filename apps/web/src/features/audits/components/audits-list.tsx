import type { TAudit } from '@quantics/contracts';
import { ChevronRight, MapPin, MessageSquare, Radio, ScanLine, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatCount } from '@/lib/format';
import { Accuracy, AuditStatusBadge, formatDateTime } from '@/shared/audits/audit-bits';
import { AUDIT_TEXTS } from '@/shared/audits/audit-texts';

type Props = { audits: TAudit[]; onOpen: (a: TAudit) => void; onComments?: (a: TAudit) => void };

/** One row per audit: name, status, date, device, location, accuracy, tags found/expected, issues. */
export function AuditsList({ audits, onOpen, onComments }: Props) {
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {audits.map((a) => {
        const issues = a.discrepancies_count + a.misplaced_count + a.unknown_count;
        return (
          <li key={a.id} className="flex items-stretch" data-testid="audit-row">
            <button
              type="button"
              onClick={() => onOpen(a)}
              className="flex min-w-0 flex-1 flex-col gap-2 px-4 py-4 text-left hover:bg-slate-50/70 sm:flex-row sm:items-center sm:gap-6 dark:hover:bg-slate-800/30"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-medium text-slate-900 dark:text-slate-100">{a.name}</span>
                  <AuditStatusBadge status={a.status} />
                  {(a.review_status === 'awaiting' || a.review_status === 'partly_applied') && (
                    <Badge tone="amber" hasDot>
                      Awaiting review
                    </Badge>
                  )}
                  {a.comments && (
                    <MessageSquare className="size-3.5 text-slate-400" aria-label="Has comments" />
                  )}
                </div>
                <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
                  <span>{formatDateTime(a.created_at)}</span>
                  <span className="inline-flex items-center gap-1">
                    <Radio className="size-3" aria-hidden />
                    {a.device_name ?? AUDIT_TEXTS.unknownDevice}
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <MapPin className="size-3" aria-hidden />
                    {a.location ?? AUDIT_TEXTS.notSpecified}
                  </span>
                </div>
              </div>
              <dl className="grid grid-cols-3 gap-4 text-sm sm:w-80">
                <div>
                  <dt className="text-xs text-slate-500 dark:text-slate-400">Accuracy</dt>
                  <dd>
                    <Accuracy value={a.accuracy} />
                  </dd>
                </div>
                <div>
                  <dt className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                    <ScanLine className="size-3" aria-hidden /> Tags
                  </dt>
                  <dd className="tabular-nums text-slate-800 dark:text-slate-200">
                    {formatCount(a.tags_found)}/{formatCount(a.tags_expected)}
                  </dd>
                </div>
                <div>
                  <dt className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                    <TriangleAlert className="size-3" aria-hidden /> Issues
                  </dt>
                  <dd
                    className={
                      issues ? 'font-medium text-amber-600 tabular-nums dark:text-amber-300' : 'tabular-nums'
                    }
                  >
                    {formatCount(issues)}
                  </dd>
                </div>
              </dl>
              <ChevronRight className="hidden size-4 text-slate-400 sm:block" aria-hidden />
            </button>
            {onComments && (
              <button
                type="button"
                onClick={() => onComments(a)}
                className="px-3 text-slate-400 hover:text-brand-600 dark:hover:text-brand-400"
                aria-label={`${a.comments ? 'Edit' : 'Add'} comments on ${a.name}`}
              >
                <MessageSquare className="size-4" aria-hidden />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

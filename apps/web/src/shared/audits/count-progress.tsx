import {
  type TAuditProgress,
  type TOpenCount,
  type TParticipant,
  type TPlaceProgress,
  ZAudit,
  ZAuditProgress,
  ZOpenCountsResponse,
} from '@quantics/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Radio, Smartphone } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Badge } from '@/components/ui/badge';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCount, formatPercent, formatTime } from '@/lib/format';

/**
 * Team counts (issue 49): a count as it runs, polled from GET /api/audits/{id}/progress, and the company's counts in
 * progress (GET /api/audits/open). The audit's details, the dashboard's counts in progress and the Count screen's team
 * line all show these, updated within 5 seconds without a reload.
 */

/** How often a count's progress and the counts in progress are asked for again while shown (at most 5 s). */
export const PROGRESS_POLL_MS = 4000;

/** Under 'audits': a finished or started count (anything invalidating the audits) asks for these again too. */
export const openCountsKey = ['audits', 'open'] as const;
export const progressKey = (id: number | null) => ['audits', 'progress', id] as const;

/** The company's counts in progress, newest first, with who counts in each. */
export function useOpenCounts(isEnabled = true) {
  return useQuery({
    queryKey: openCountsKey,
    queryFn: () => api('/api/audits/open', { schema: ZOpenCountsResponse }),
    refetchInterval: PROGRESS_POLL_MS,
    enabled: isEnabled,
  });
}

/** One count's progress, polled while it is in progress (a completed count's figures stay as they are). */
export function useCountProgress(id: number | null) {
  return useQuery({
    queryKey: progressKey(id),
    queryFn: () => api(`/api/audits/${id}/progress`, { schema: ZAuditProgress }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'in_progress' ? false : PROGRESS_POLL_MS,
  });
}

const percentOf = (found: number, expected: number) =>
  expected > 0 ? Math.min(100, (found / expected) * 100) : found > 0 ? 100 : 0;

/** "42 of 120 units found" and its bar. */
export function UnitsFound({ progress, className }: { progress: TAuditProgress; className?: string }) {
  const { units_found: found, units_expected: expected } = progress;
  return (
    <div className={cn('space-y-1.5', className)}>
      <p className="flex items-baseline justify-between gap-3 text-sm">
        <span className="text-slate-700 dark:text-slate-300" data-testid="units-found">
          <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">
            {formatCount(found)}
          </span>{' '}
          of <span className="tabular-nums">{formatCount(expected)}</span> units found
        </span>
        {expected > 0 && (
          <span className="tabular-nums text-slate-500 dark:text-slate-400">
            {formatPercent(Math.round(percentOf(found, expected)))}
          </span>
        )}
      </p>
      <ProgressBar value={percentOf(found, expected)} label="Units found" />
    </div>
  );
}

/** Who counts: a reader's name, the person holding it, and whether its part is done. */
export function memberLabel(m: { device_name: string; person: string | null }) {
  return m.person ? `${m.person} · ${m.device_name}` : m.device_name;
}

/** Each reader's part: reads, units, last read, finished. */
export function ParticipantsList({
  participants,
  ownDeviceId,
}: {
  participants: TParticipant[];
  ownDeviceId?: number;
}) {
  return (
    <ul
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
      aria-label="Readers in this count"
    >
      {participants.map((p) => (
        <li
          key={p.device_id}
          className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm"
          data-testid="participant"
        >
          <span className="flex min-w-0 basis-full items-center gap-2 sm:basis-0 sm:flex-1">
            <Smartphone className="size-4 shrink-0 text-slate-400" aria-hidden />
            <span className="min-w-0">
              <span className="block truncate font-medium text-slate-900 dark:text-slate-100">
                {p.person ?? p.device_name}
                {p.device_id === ownDeviceId && (
                  <span className="font-normal text-slate-500 dark:text-slate-400"> (this handheld)</span>
                )}
              </span>
              {p.person && (
                <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                  {p.device_name}
                </span>
              )}
            </span>
          </span>
          <span className="flex items-center gap-3 text-xs text-slate-600 tabular-nums dark:text-slate-400">
            <span>
              <span className="font-semibold text-slate-900 dark:text-slate-100">{formatCount(p.units)}</span>{' '}
              units
            </span>
            <span>{formatCount(p.reads)} reads</span>
            <span className="hidden sm:inline">
              {p.last_read_at ? `Last read ${formatTime(p.last_read_at)}` : 'No reads yet'}
            </span>
            {p.finished ? (
              <Badge tone="green">
                <CheckCircle2 className="mr-1 size-3" aria-hidden />
                Finished
              </Badge>
            ) : (
              <Badge tone="blue">
                <Radio className="mr-1 size-3" aria-hidden />
                Counting
              </Badge>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The counted location and its sub-locations: expected and found units of each. */
export function PlacesProgress({ places }: { places: TPlaceProgress[] }) {
  const shown = places.filter((p) => p.expected > 0 || p.found > 0);
  if (shown.length === 0) return null;
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-label="Sub-locations">
      {shown.map((p) => (
        <li
          key={p.location_id}
          className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800"
          data-testid="place-progress"
        >
          <p className="flex items-baseline justify-between gap-2 text-sm">
            <span className="truncate font-medium text-slate-900 dark:text-slate-100">{p.name}</span>
            <span className="shrink-0 text-xs text-slate-600 tabular-nums dark:text-slate-400">
              {formatCount(p.found)} / {formatCount(p.expected)}
            </span>
          </p>
          <ProgressBar
            value={percentOf(p.found, p.expected)}
            label={`${p.name}: units found`}
            className="mt-1.5 h-1.5"
          />
        </li>
      ))}
    </ul>
  );
}

/** A count's live progress, whole: overall, each reader, each sub-location. */
export function CountProgress({ progress, ownDeviceId }: { progress: TAuditProgress; ownDeviceId?: number }) {
  return (
    <div className="space-y-3" data-testid="count-progress">
      <UnitsFound progress={progress} />
      {progress.participants.length > 0 && (
        <ParticipantsList participants={progress.participants} ownDeviceId={ownDeviceId} />
      )}
      <PlacesProgress places={progress.places} />
    </div>
  );
}

/** Who counts in an open count, in a line: "Ann · Handheld 2, Bob · Zebra TC52 (finished)". */
export function countingLine(count: TOpenCount) {
  return count.participants.map((m) => `${memberLabel(m)}${m.finished ? ' (finished)' : ''}`).join(', ');
}

/**
 * The audit's details while its count runs: its progress, polled (the audit's own row is asked for again once the
 * count has completed), and what may be done to it (`actions`: adding a fixed reader, finishing it for everyone).
 */
export function LiveCount({ auditId, actions }: { auditId: number; actions?: ReactNode }) {
  const progress = useCountProgress(auditId);
  const queryClient = useQueryClient();
  const status = progress.data?.status;
  useEffect(() => {
    if (status && status !== 'in_progress') void queryClient.invalidateQueries({ queryKey: ['audits'] });
  }, [status, queryClient]);
  return (
    <section aria-label="Live progress" className="space-y-3">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
        <span className="relative flex size-2">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-sky-400 opacity-75 motion-reduce:hidden" />
          <span className="relative inline-flex size-2 rounded-full bg-sky-500" />
        </span>
        Live progress
      </h3>
      {progress.data ? (
        <CountProgress progress={progress.data} />
      ) : progress.isError ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          The count's progress could not be loaded.
        </p>
      ) : (
        <Spinner label="Loading the count's progress" />
      )}
      {actions}
    </section>
  );
}

/**
 * POST /api/audits/{id}/finish: the person who started the count (or an admin) completes it for every reader with
 * the batches already sent. Everything showing audits asks again.
 */
export function useFinishForEveryone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/audits/${id}/finish`, { method: 'POST', schema: ZAudit }),
    onSuccess: (audit) => {
      queryClient.setQueryData(['audits', 'detail', audit.id], audit);
      return queryClient.invalidateQueries({ queryKey: ['audits'] });
    },
  });
}

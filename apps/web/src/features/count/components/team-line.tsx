import type { TAuditProgress } from '@quantics/contracts';
import { Users } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatCount } from '@/lib/format';

type Participant = TAuditProgress['participants'][number];

/**
 * Who reads with a handheld, as the line names them: the person signed in on it, with the handheld's name when the
 * same person reads with more than one (else "Alex Morgan" twice); a handheld with no person, by its name.
 */
export function readerName(p: Participant, all: Participant[]) {
  if (p.person === null) return p.device_name;
  const isShared = all.filter((o) => o.person === p.person).length > 1;
  return isShared ? `${p.person} · ${p.device_name}` : p.person;
}

const percent = (p: TAuditProgress) =>
  p.units_expected > 0 ? Math.min(100, (p.units_found / p.units_expected) * 100) : 0;

/**
 * A team count's line on the Count screen (issue 49): the whole count as the portal has it (units found by everyone,
 * of expected) and how each of the others is doing, polled every few seconds. This handheld's own figures are the
 * live ones below it. On a receipt the shipment's own figures (units received of shipped) are the receiving view's,
 * below: the line then only names who reads with it, as the count's place totals are not the shipment's.
 */
export function TeamLine({
  progress,
  deviceId,
  isBlind,
  isReceipt = false,
}: {
  progress: TAuditProgress;
  deviceId: number;
  isBlind: boolean;
  isReceipt?: boolean;
}) {
  const others = progress.participants.filter((p) => p.device_id !== deviceId);
  return (
    <Card className="space-y-2 px-4 py-3" data-testid="team-line">
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="flex items-center gap-2 font-semibold text-slate-900 dark:text-slate-100">
          <Users className="size-4 text-brand-600 dark:text-brand-400" aria-hidden />
          Team count · {formatCount(progress.participants.length)} readers
        </p>
        {!isReceipt && (
          <p className="text-slate-700 tabular-nums dark:text-slate-300" data-testid="team-units">
            {isBlind
              ? `${formatCount(progress.units_found)} units found`
              : `${formatCount(progress.units_found)} of ${formatCount(progress.units_expected)} units`}
          </p>
        )}
      </div>
      {!isBlind && !isReceipt && (
        <ProgressBar value={percent(progress)} label="Units found by the team" className="h-1.5" />
      )}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        {others.map((p) => (
          <li key={p.device_id} data-testid="team-member">
            <span className="font-medium text-slate-800 dark:text-slate-200">
              {readerName(p, progress.participants)}
            </span>{' '}
            <span className="tabular-nums">{formatCount(p.units)} units</span>
            {p.finished && <span className="text-emerald-700 dark:text-emerald-300"> · finished</span>}
          </li>
        ))}
      </ul>
    </Card>
  );
}

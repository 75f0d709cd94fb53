import { accuracyColor, type TAuditStatus, type TDiscrepancyType } from '@quantics/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

export const STATUS_LABELS: Record<TAuditStatus, string> = {
  completed: 'Completed',
  in_progress: 'In Progress',
  failed: 'Failed',
  pending: 'Pending',
};
const STATUS_TONES: Record<TAuditStatus, BadgeTone> = {
  completed: 'green',
  in_progress: 'blue',
  failed: 'red',
  pending: 'amber',
};

export function AuditStatusBadge({ status }: { status: TAuditStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} hasDot>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** Accuracy colours (contracts' accuracyColor). */
export const ACCURACY_TEXT = {
  green: 'text-emerald-600 dark:text-emerald-400',
  yellow: 'text-amber-600 dark:text-amber-300',
  red: 'text-red-600 dark:text-red-400',
} as const;

/** Accuracy in percent: green at 90 or more, yellow at 70 or more, else red; a dash before completion. */
export function Accuracy({ value, className }: { value: number | null; className?: string }) {
  if (value === null) return <span className="text-slate-400">—</span>;
  return (
    <span className={cn('font-semibold tabular-nums', ACCURACY_TEXT[accuracyColor(value)], className)}>
      {value}%
    </span>
  );
}

const TYPE_TONES: Record<TDiscrepancyType, BadgeTone> = {
  shortage: 'red',
  overage: 'amber',
  misplaced: 'blue',
  unknown: 'slate',
};
const TYPE_LABELS: Record<TDiscrepancyType, string> = {
  shortage: 'Shortage',
  overage: 'Overage',
  misplaced: 'Misplaced',
  unknown: 'Unknown',
};

/**
 * The line's kind; a shortage or overage a recount found right after all (variance 0) says so rather than keep the
 * first count's kind.
 */
export function DiscrepancyTypeBadge({ type, variance }: { type: TDiscrepancyType; variance?: number }) {
  if (variance === 0 && (type === 'shortage' || type === 'overage'))
    return <Badge tone="green">Matches</Badge>;
  return <Badge tone={TYPE_TONES[type]}>{TYPE_LABELS[type]}</Badge>;
}

export { formatDateTime } from '@/lib/format';

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { Card } from './card';

const TONES = {
  brand: 'bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400',
  green: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400',
  amber: 'bg-amber-50 text-amber-600 dark:bg-amber-500/10 dark:text-amber-400',
  slate: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-400',
  red: 'bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400',
} as const;

/** A figure with its label and icon, for the summary row at the top of a page. */
export function StatCard({
  icon: Icon,
  label,
  value,
  tone = 'brand',
  hint,
  valueClassName,
}: {
  icon: LucideIcon;
  label: string;
  value: number | string | undefined;
  tone?: keyof typeof TONES;
  /** A short line under the figure (what it counts, a share). */
  hint?: ReactNode;
  /** Colours the figure itself, e.g. an accuracy in green, yellow or red. */
  valueClassName?: string;
}) {
  return (
    <Card className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span
        className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-11', TONES[tone])}
      >
        <Icon className="size-4 sm:size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-xs leading-tight text-slate-500 sm:text-sm dark:text-slate-400">{label}</p>
        <p
          className={cn(
            'text-2xl font-semibold tabular-nums',
            valueClassName ?? 'text-slate-900 dark:text-slate-100',
          )}
          data-testid={`stat-${label}`}
        >
          {typeof value === 'number' ? formatCount(value) : (value ?? '–')}
        </p>
        {hint && (
          <p
            className="truncate text-xs text-slate-500 dark:text-slate-400"
            data-testid={`stat-hint-${label}`}
          >
            {hint}
          </p>
        )}
      </div>
    </Card>
  );
}

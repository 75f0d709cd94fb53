import { cn } from '@/lib/cn';

/**
 * A progress bar: `value` 0-100 fills it; without a value it runs as an indeterminate stripe (work whose length
 * is unknown, e.g. the server processing an upload).
 */
export function ProgressBar({
  value,
  label,
  className,
}: {
  value?: number;
  label: string;
  className?: string;
}) {
  const isIndeterminate = value === undefined;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={isIndeterminate ? undefined : Math.round(value)}
      className={cn(
        'relative h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800',
        className,
      )}
    >
      {isIndeterminate ? (
        <div className="absolute inset-y-0 w-1/3 animate-[progress-slide_1.2s_ease-in-out_infinite] rounded-full bg-brand-600 dark:bg-brand-500" />
      ) : (
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-200 dark:bg-brand-500"
          style={{ width: `${Math.min(100, Math.max(0, value))}%` }}
        />
      )}
    </div>
  );
}

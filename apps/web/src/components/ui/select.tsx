import { ChevronDown } from 'lucide-react';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { hasError?: boolean };

/**
 * A styled native select: the platform's own picker on phones, full keyboard and screen-reader support, and it
 * works with react-hook-form's `register()` like an input.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { className, hasError, children, ...rest },
  ref,
) {
  return (
    <div className={cn('relative', className)}>
      <select
        ref={ref}
        {...rest}
        aria-invalid={hasError || undefined}
        className={cn(
          'block h-10 w-full appearance-none truncate rounded-lg border bg-white py-0 pr-9 pl-3 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-1 disabled:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800',
          hasError
            ? 'border-red-500 focus:border-red-600 focus:ring-red-600 dark:border-red-400 dark:focus:border-red-400 dark:focus:ring-red-400'
            : 'border-slate-300 focus:border-focus focus:ring-focus dark:border-slate-600',
        )}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
    </div>
  );
});

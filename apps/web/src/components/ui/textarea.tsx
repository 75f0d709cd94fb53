import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { hasError?: boolean };

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { className, hasError, ...rest },
  ref,
) {
  return (
    <textarea
      ref={ref}
      {...rest}
      aria-invalid={hasError || undefined}
      className={cn(
        'block min-h-24 w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500',
        hasError
          ? 'border-red-400 focus:border-red-500 focus:ring-red-200 dark:focus:ring-red-500/30'
          : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100 dark:border-slate-700 dark:focus:ring-brand-500/30',
        className,
      )}
    />
  );
});

import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { hasError?: boolean };

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, hasError, ...rest },
  ref,
) {
  return (
    <input
      ref={ref}
      {...rest}
      aria-invalid={hasError || undefined}
      className={cn(
        'block h-10 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-1 disabled:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:disabled:bg-slate-800',
        hasError
          ? 'border-red-500 focus:border-red-600 focus:ring-red-600 dark:border-red-400 dark:focus:border-red-400 dark:focus:ring-red-400'
          : 'border-slate-300 focus:border-focus focus:ring-focus dark:border-slate-600',
        className,
      )}
    />
  );
});

export type FieldProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: (id: string, describedBy: string | undefined) => ReactNode;
};

/** A labelled form control with its error or hint underneath, wired for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {children(id, error || hint ? noteId : undefined)}
      {error ? (
        <p id={noteId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={noteId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export type TextFieldProps = InputProps & { label: ReactNode; error?: string; hint?: ReactNode };

/** Field + Input in one, for react-hook-form's `register()` spread. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, ...rest },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => (
        <Input ref={ref} id={id} aria-describedby={describedBy} hasError={!!error} {...rest} />
      )}
    </Field>
  );
});

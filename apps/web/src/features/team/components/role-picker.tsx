import { ROLE_LABELS, ROLES, type TRole } from '@quantics/contracts';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { ROLE_DESCRIPTIONS } from '../team-texts';

/** The three roles as selectable cards, each saying what it allows. A radio group for keyboards and readers. */
export function RolePicker({
  value,
  onChange,
  label = 'Role',
  error,
}: {
  value: TRole | undefined;
  onChange: (role: TRole) => void;
  label?: string;
  error?: string;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">{label}</legend>
      <div className="space-y-2">
        {ROLES.map((role) => {
          const isSelected = value === role;
          return (
            <label
              key={role}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus',
                isSelected
                  ? 'border-brand-500 bg-brand-50/60 dark:bg-brand-500/10'
                  : 'border-slate-200 hover:border-slate-300 dark:border-slate-800 dark:hover:border-slate-700',
              )}
            >
              <input
                type="radio"
                name={name}
                value={role}
                checked={isSelected}
                onChange={() => onChange(role)}
                className="sr-only"
              />
              <span
                className={cn(
                  'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border',
                  isSelected
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900',
                )}
                aria-hidden
              >
                {isSelected && <Check className="size-3" strokeWidth={3} />}
              </span>
              <span>
                <span className="block text-sm font-medium text-slate-900 dark:text-slate-100">
                  {ROLE_LABELS[role]}
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {ROLE_DESCRIPTIONS[role]}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

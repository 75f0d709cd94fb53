import type { TReportType } from '@quantics/contracts';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { reportKinds } from '../report-kinds';

/** The four report types as cards over native radio buttons (arrow keys move between them). */
export function ReportTypePicker({
  value,
  onChange,
  isPointOfSale = false,
}: {
  value: TReportType;
  onChange: (t: TReportType) => void;
  isPointOfSale?: boolean;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <legend className="sr-only">Report type</legend>
      {reportKinds(isPointOfSale).map((k) => {
        const isSelected = k.type === value;
        const Icon = k.icon;
        return (
          <label
            key={k.type}
            className={cn(
              'relative flex cursor-pointer items-start gap-3 rounded-xl border p-4 sm:flex-col sm:gap-2 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
              isSelected
                ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500 dark:border-brand-400 dark:bg-brand-500/10 dark:ring-brand-400'
                : 'border-slate-200 bg-white hover:border-brand-200 hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500/40 dark:hover:bg-slate-800/60',
            )}
          >
            <input
              type="radio"
              name="report-type"
              value={k.type}
              checked={isSelected}
              onChange={() => onChange(k.type)}
              className="sr-only"
              aria-describedby={`report-${k.type}-text`}
            />
            <span
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-lg',
                isSelected
                  ? 'bg-brand-600 text-white'
                  : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
              )}
            >
              <Icon className="size-5" aria-hidden />
            </span>
            <span className="flex min-w-0 flex-col gap-1 pr-5 sm:gap-2 sm:pr-0">
              <span className="text-sm font-semibold text-slate-900 dark:text-slate-100">{k.label}</span>
              <span
                id={`report-${k.type}-text`}
                className="text-xs leading-relaxed text-slate-600 dark:text-slate-400"
              >
                {k.text}
              </span>
            </span>
            {isSelected && (
              <Check
                className="absolute top-3 right-3 size-4 text-brand-600 dark:text-brand-400"
                aria-hidden
              />
            )}
          </label>
        );
      })}
    </fieldset>
  );
}

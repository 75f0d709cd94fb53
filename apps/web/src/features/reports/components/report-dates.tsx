import { Field, Input } from '@/components/ui/field';
import { REPORT_TEXTS } from '../report-texts';

/** A bad range is caught before asking the server (which refuses it with the same words). */
export function rangeError(start: string, end: string): string | undefined {
  if (!start || !end) return REPORT_TEXTS.badDate;
  if (start > end) return REPORT_TEXTS.startAfterEnd;
  return undefined;
}

/** Start and end dates (audits and discrepancies; the shrink and accuracy reports' period). */
export function ReportDates({
  start,
  end,
  onChange,
  error,
  labels = ['Start Date', 'End Date'],
}: {
  start: string;
  end: string;
  onChange: (range: { start: string; end: string }) => void;
  error?: string;
  labels?: readonly [string, string];
}) {
  return (
    <div>
      <div className="grid gap-4 sm:max-w-md sm:grid-cols-2">
        <Field label={labels[0]}>
          {(id) => (
            <Input
              id={id}
              type="date"
              value={start}
              max={end || undefined}
              hasError={!!error}
              onChange={(e) => onChange({ start: e.target.value, end })}
            />
          )}
        </Field>
        <Field label={labels[1]}>
          {(id) => (
            <Input
              id={id}
              type="date"
              value={end}
              min={start || undefined}
              hasError={!!error}
              onChange={(e) => onChange({ start, end: e.target.value })}
            />
          )}
        </Field>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

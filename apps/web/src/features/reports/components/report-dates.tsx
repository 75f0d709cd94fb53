import { Field, Input } from '@/components/ui/field';

/** Start and end dates (audits and discrepancies only). */
export function ReportDates({
  start,
  end,
  onChange,
  error,
}: {
  start: string;
  end: string;
  onChange: (range: { start: string; end: string }) => void;
  error?: string;
}) {
  return (
    <div>
      <div className="grid gap-4 sm:max-w-md sm:grid-cols-2">
        <Field label="Start Date">
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
        <Field label="End Date">
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

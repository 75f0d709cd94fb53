import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Where a form shows what the server refused: the request's field paths (ZErrorResponse.field: `approval_units`,
 * `location_ids`, `lines.0.reason_code`) to the form's fields. A path names a field exactly, or a pattern does:
 * `lines.*.reason_code` matches any line's reason code.
 */
export type ServerFields<T extends FieldValues> = Partial<Record<string, Path<T>>>;

/** The form field a request path is about, by an exact entry first, then by one with `*` for a list index. */
export function formFieldOf<T extends FieldValues>(
  fields: ServerFields<T>,
  requestField: string,
): Path<T> | undefined {
  const exact = fields[requestField];
  if (exact) return exact;
  const parts = requestField.split('.');
  for (const [pattern, field] of Object.entries(fields)) {
    const want = pattern.split('.');
    if (
      field &&
      want.length === parts.length &&
      want.every((p, i) => p === parts[i] || (p === '*' && /^\d+$/.test(parts[i] ?? '')))
    )
      return field;
  }
  return undefined;
}

/**
 * Puts the server's refusal beside the form field it names (the answer's structured `field`, never a reading of its
 * text) with react-hook-form's setError, and says whether it did; anything else (no field, a field this form does
 * not show, not an API answer) is left to the caller, usually a toast.
 */
export function placeServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: ServerFields<T>,
): boolean {
  if (!(error instanceof ApiError) || !error.hasServerMessage || !error.field) return false;
  const field = formFieldOf(fields, error.field);
  if (!field) return false;
  setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
  return true;
}

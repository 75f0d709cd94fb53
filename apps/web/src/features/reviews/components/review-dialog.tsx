import { zodResolver } from '@hookform/resolvers/zod';
import { RECEIPT_REASON_CODES, type TAudit, type TDiscrepancy } from '@quantics/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { placeServerError } from '@/lib/server-field-error';
import { notify } from '@/lib/toast';
import { useAuditDiscrepancies } from '@/shared/audits/audit-api';
import { useReasonCodes, useReviewAudit } from '@/shared/reviews/reviews-api';
import { BULK_FIELDS, decisionsFor, noneIfEmpty, type TBulkForm, ZBulkForm } from './review-form';
import { type Decide, lineValue, ReviewLine } from './review-line';

export const REVIEW_TEXTS = {
  title: 'Review count',
  awaiting: 'Awaiting review',
  description:
    'Lines over your count policy wait for an approval with a reason code. Rejected lines keep their quantity; lines sent to recount are counted again.',
} as const;

const isReviewable = (l: TDiscrepancy) =>
  (l.discrepancy_type === 'shortage' || l.discrepancy_type === 'overage') &&
  (l.product_id !== null || l.product_sku !== null);

/**
 * An admin reviews a count line by line: approve with a reason code, reject, or send for recount. A shipment's receipt
 * is not recounted: its lines are approved or rejected with a reason for receiving.
 */
export function ReviewDialog({ audit, onClose }: { audit: TAudit | null; onClose: () => void }) {
  return (
    <Dialog
      isOpen={audit !== null}
      onOpenChange={(o) => !o && onClose()}
      title={audit ? `${REVIEW_TEXTS.title}: ${audit.name}` : REVIEW_TEXTS.title}
      description={REVIEW_TEXTS.description}
      className="sm:max-w-3xl"
    >
      {audit && <ReviewLines key={audit.id} audit={audit} />}
    </Dialog>
  );
}

function ReviewLines({ audit }: { audit: TAudit }) {
  const rows = useAuditDiscrepancies(audit);
  const codes = useReasonCodes();
  const review = useReviewAudit();
  const isReceipt = audit.shipment_id !== null;
  const receiptCodes: readonly string[] = RECEIPT_REASON_CODES;
  const active = (codes.data ?? []).filter(
    (c) => !c.retired && (!isReceipt || receiptCodes.includes(c.code)),
  );
  if (rows.isPending || codes.isPending) return <Spinner label="Loading lines" />;
  const lines = (rows.data ?? []).filter(isReviewable);
  const decide: Decide = async (decisions, place) => {
    try {
      await review.mutateAsync({ id: audit.id, lines: decisions });
      notify.success(
        decisions.length === 1 ? 'Decision saved' : `${formatCount(decisions.length)} lines approved`,
      );
    } catch (err) {
      if (!place?.(err)) notify.error(errorMessage(err, 'The decision could not be saved'));
    }
  };
  return (
    <div className="space-y-4">
      <BulkApprove lines={lines} codes={active} onDecide={decide} isBusy={review.isPending} />
      {lines.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          This count has no shortage or overage to review.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {lines.map((l) => (
            <ReviewLine
              key={l.id}
              line={l}
              codes={active}
              decisions={decisionsFor(isReceipt)}
              onDecide={decide}
              isBusy={review.isPending}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** Approves, with one reason, every undecided line worth less than an amount at cost. */
function BulkApprove({
  lines,
  codes,
  onDecide,
  isBusy,
}: {
  lines: TDiscrepancy[];
  codes: { id: number; code: string; label: string }[];
  onDecide: Decide;
  isBusy: boolean;
}) {
  const form = useForm<TBulkForm>({
    resolver: zodResolver(ZBulkForm),
    defaultValues: { below: '', reason_code: undefined },
  });
  const { errors } = form.formState;
  const [below, reason] = form.watch(['below', 'reason_code']);
  const bulkLines = lines.filter(
    (l) => !l.applied_at && l.decision === null && below !== '' && lineValue(l) < Number(below),
  );
  const submit = form.handleSubmit(({ reason_code }) => {
    if (!reason_code || bulkLines.length === 0) return;
    return onDecide(
      bulkLines.map((l) => ({ discrepancy_id: l.id, decision: 'approve', reason_code })),
      (err) => placeServerError(form.setError, err, BULK_FIELDS),
    );
  });
  return (
    <form
      className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-end dark:bg-slate-800/50"
      noValidate
      onSubmit={submit}
    >
      <div className="flex-1">
        <TextField
          label="Approve lines worth less than"
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          {...form.register('below')}
        />
      </div>
      <div className="flex-1">
        <Field label="With reason" error={errors.reason_code?.message}>
          {(id, describedBy) => (
            <Select
              id={id}
              aria-describedby={describedBy}
              hasError={!!errors.reason_code}
              {...form.register('reason_code', { setValueAs: noneIfEmpty })}
            >
              <option value="">Choose a reason</option>
              {codes.map((c) => (
                <option key={c.id} value={c.code}>
                  {c.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Button type="submit" disabled={!reason || bulkLines.length === 0} isLoading={isBusy}>
        Approve {formatCount(bulkLines.length)} line{bulkLines.length === 1 ? '' : 's'}
      </Button>
    </form>
  );
}

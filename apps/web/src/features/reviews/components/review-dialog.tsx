import type { TAudit, TDiscrepancy } from '@quantics/contracts';
import { Check, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatFixed, formatSignedCount } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useAuditDiscrepancies } from '@/shared/audits/audit-api';
import { MovedLine } from '@/shared/audits/moved-line';
import { type LineDecision, useReasonCodes, useReviewAudit } from '@/shared/reviews/reviews-api';

export const REVIEW_TEXTS = {
  title: 'Review count',
  awaiting: 'Awaiting review',
  description:
    'Lines over your count policy wait for an approval with a reason code. Rejected lines keep their quantity; lines sent to recount are counted again.',
} as const;

const money = (n: number) => formatFixed(n, 2);
const lineValue = (l: TDiscrepancy) => Math.abs(l.variance) * l.unit_cost;
const isReviewable = (l: TDiscrepancy) =>
  (l.discrepancy_type === 'shortage' || l.discrepancy_type === 'overage') &&
  (l.product_id !== null || l.product_sku !== null);

/** An admin reviews a count line by line: approve with a reason code, reject, or send for recount. */
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
  const active = (codes.data ?? []).filter((c) => !c.retired);
  const [bulkBelow, setBulkBelow] = useState('');
  const [bulkReason, setBulkReason] = useState('');
  if (rows.isPending || codes.isPending) return <Spinner label="Loading lines" />;
  const lines = (rows.data ?? []).filter(isReviewable);
  const decide = async (decisions: LineDecision[]) => {
    try {
      await review.mutateAsync({ id: audit.id, lines: decisions });
      notify.success(
        decisions.length === 1 ? 'Decision saved' : `${formatCount(decisions.length)} lines approved`,
      );
    } catch (err) {
      notify.error(errorMessage(err, 'The decision could not be saved'));
    }
  };
  const below = Number(bulkBelow);
  const bulkLines = lines.filter(
    (l) => !l.applied_at && l.decision === null && bulkBelow !== '' && lineValue(l) < below,
  );
  return (
    <div className="space-y-4">
      <form
        className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-end dark:bg-slate-800/50"
        onSubmit={(e) => {
          e.preventDefault();
          if (!bulkReason || bulkLines.length === 0) return;
          void decide(
            bulkLines.map((l) => ({ discrepancy_id: l.id, decision: 'approve', reason_code: bulkReason })),
          );
        }}
      >
        <div className="flex-1">
          <TextField
            label="Approve lines worth less than"
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            value={bulkBelow}
            onChange={(e) => setBulkBelow(e.target.value)}
          />
        </div>
        <div className="flex-1">
          <Field label="With reason">
            {(id, describedBy) => (
              <Select
                id={id}
                aria-describedby={describedBy}
                value={bulkReason}
                onChange={(e) => setBulkReason(e.target.value)}
              >
                <option value="">Choose a reason</option>
                {active.map((c) => (
                  <option key={c.id} value={c.code}>
                    {c.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Button type="submit" disabled={!bulkReason || bulkLines.length === 0} isLoading={review.isPending}>
          Approve {formatCount(bulkLines.length)} line{bulkLines.length === 1 ? '' : 's'}
        </Button>
      </form>
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
              onDecide={(d) => decide([d])}
              isBusy={review.isPending}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function DecisionBadge({ line }: { line: TDiscrepancy }) {
  if (line.applied_at) return <Badge tone="green">Applied</Badge>;
  if (line.decision === 'approve') return <Badge tone="green">Approved · {line.reason_label}</Badge>;
  if (line.decision === 'reject') return <Badge tone="slate">Rejected</Badge>;
  if (line.decision === 'recount') return <Badge tone="blue">Sent to recount</Badge>;
  if (line.needs_approval) return <Badge tone="amber">Needs approval</Badge>;
  return <Badge tone="slate">Under the policy</Badge>;
}

function ReviewLine({
  line,
  codes,
  onDecide,
  isBusy,
}: {
  line: TDiscrepancy;
  codes: { id: number; code: string; label: string }[];
  onDecide: (d: LineDecision) => void;
  isBusy: boolean;
}) {
  const [reason, setReason] = useState(line.reason_code ?? '');
  const [note, setNote] = useState(line.decision_note ?? '');
  const name = line.product_name ?? line.product_sku ?? 'Product';
  const isOpen = !line.applied_at;
  const withNote = note.trim() ? { note: note.trim() } : {};
  return (
    <li className="min-w-0 space-y-3 p-3 sm:p-4" data-testid="review-line">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900 dark:text-slate-100">{name}</p>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {line.product_sku} · expected {formatCount(line.expected_quantity)}, counted{' '}
            {formatCount(line.found_quantity)} ·{' '}
            <span
              className={
                line.variance < 0
                  ? 'text-red-700 dark:text-red-300'
                  : 'text-emerald-700 dark:text-emerald-300'
              }
            >
              {formatSignedCount(line.variance)}
            </span>{' '}
            · value {money(lineValue(line))}
          </p>
          <MovedLine r={line} />
          {line.decided_by && (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              Decided by {line.decided_by}
              {line.decision_note ? `: ${line.decision_note}` : ''}
            </p>
          )}
        </div>
        <DecisionBadge line={line} />
      </div>
      {isOpen && (
        <div className="grid min-w-0 grid-cols-1 gap-2 sm:grid-cols-[1fr_1fr_auto]">
          <Select
            aria-label={`Reason for ${name}`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          >
            <option value="">Reason code</option>
            {codes.map((c) => (
              <option key={c.id} value={c.code}>
                {c.label}
              </option>
            ))}
          </Select>
          <Input
            aria-label={`Note for ${name}`}
            placeholder="Note (optional)"
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="grid grid-cols-3 gap-2 sm:flex">
            <Button
              size="sm"
              className="h-10 px-2"
              disabled={!reason || isBusy}
              onClick={() =>
                onDecide({ discrepancy_id: line.id, decision: 'approve', reason_code: reason, ...withNote })
              }
            >
              <Check className="size-4" aria-hidden />
              Approve
            </Button>
            <Button
              size="sm"
              variant="secondary"
              className="h-10 px-2"
              disabled={isBusy}
              onClick={() => onDecide({ discrepancy_id: line.id, decision: 'reject', ...withNote })}
            >
              <X className="size-4" aria-hidden />
              Reject
            </Button>
            <Button
              size="sm"
              variant="secondary"
              className="h-10 px-2"
              disabled={isBusy}
              onClick={() => onDecide({ discrepancy_id: line.id, decision: 'recount', ...withNote })}
            >
              <RotateCcw className="size-4" aria-hidden />
              Recount
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

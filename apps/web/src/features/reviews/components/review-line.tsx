import { zodResolver } from '@hookform/resolvers/zod';
import type { TDecision, TDiscrepancy } from '@quantics/contracts';
import { Check, RotateCcw, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { formatCount, formatSignedCount, formatUsd } from '@/lib/format';
import { placeServerError } from '@/lib/server-field-error';
import { MovedLine } from '@/shared/audits/moved-line';
import type { LineDecision } from '@/shared/reviews/reviews-api';
import { LINE_FIELDS, noneIfEmpty, type TLineForm, ZLineForm } from './review-form';

const money = (n: number) => formatUsd(n);
export const lineValue = (l: TDiscrepancy) => Math.abs(l.variance) * l.unit_cost;

/** Saves decisions; `place` puts a refusal beside the field it names, and says whether it did (else a toast). */
export type Decide = (decisions: LineDecision[], place?: (err: unknown) => boolean) => Promise<void>;

function DecisionBadge({ line }: { line: TDiscrepancy }) {
  if (line.applied_at) return <Badge tone="green">Applied</Badge>;
  if (line.decision === 'approve') return <Badge tone="green">Approved · {line.reason_label}</Badge>;
  if (line.decision === 'reject') return <Badge tone="slate">Rejected</Badge>;
  if (line.decision === 'recount') return <Badge tone="blue">Sent to recount</Badge>;
  if (line.needs_approval) return <Badge tone="amber">Needs approval</Badge>;
  return <Badge tone="slate">Under the policy</Badge>;
}

const ICONS: Record<TDecision, typeof Check> = { approve: Check, reject: X, recount: RotateCcw };
const LABELS: Record<TDecision, string> = { approve: 'Approve', reject: 'Reject', recount: 'Recount' };

/** One count line: what was expected and counted, and (until applied) its reason, note and the decisions offered. */
export function ReviewLine({
  line,
  codes,
  decisions,
  onDecide,
  isBusy,
}: {
  line: TDiscrepancy;
  codes: { id: number; code: string; label: string }[];
  decisions: TDecision[];
  onDecide: Decide;
  isBusy: boolean;
}) {
  const form = useForm<TLineForm>({
    resolver: zodResolver(ZLineForm),
    defaultValues: { reason_code: line.reason_code ?? undefined, note: line.decision_note ?? undefined },
  });
  const { errors } = form.formState;
  const reason = form.watch('reason_code');
  const name = line.product_name ?? line.product_sku ?? 'Product';
  const isOpen = !line.applied_at;
  const decide = (decision: TDecision) =>
    form.handleSubmit(({ reason_code, note }) =>
      onDecide(
        [
          {
            discrepancy_id: line.id,
            decision,
            ...(decision === 'approve' && reason_code && { reason_code }),
            ...(note && { note }),
          },
        ],
        (err) => placeServerError(form.setError, err, LINE_FIELDS),
      ),
    );
  const problem = errors.reason_code?.message ?? errors.note?.message;
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
        // Enter in the note decides nothing: each decision is its own button.
        <form className="space-y-2" noValidate onSubmit={(e) => e.preventDefault()}>
          <div className="grid min-w-0 grid-cols-1 gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <Select
              aria-label={`Reason for ${name}`}
              hasError={!!errors.reason_code}
              {...form.register('reason_code', { setValueAs: noneIfEmpty })}
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
              maxLength={500}
              hasError={!!errors.note}
              {...form.register('note', { setValueAs: noneIfEmpty })}
            />
            <div className={`grid gap-2 sm:flex ${decisions.length === 3 ? 'grid-cols-3' : 'grid-cols-2'}`}>
              {decisions.map((d) => {
                const Icon = ICONS[d];
                return (
                  <Button
                    key={d}
                    type="button"
                    size="sm"
                    variant={d === 'approve' ? undefined : 'secondary'}
                    className="h-10 px-2"
                    disabled={isBusy || (d === 'approve' && !reason)}
                    onClick={decide(d)}
                  >
                    <Icon className="size-4" aria-hidden />
                    {LABELS[d]}
                  </Button>
                );
              })}
            </div>
          </div>
          {problem && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {problem}
            </p>
          )}
        </form>
      )}
    </li>
  );
}

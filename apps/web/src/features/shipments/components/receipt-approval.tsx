import { RECEIPT_REASON_CODES, type TReceipt, type TShipment } from '@quantics/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ShieldAlert, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useCan } from '@/app/use-can';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { useReviewAudit } from '@/shared/reviews/reviews-api';

type Line = TReceipt['lines'][number];

const REASON_LABELS: Record<(typeof RECEIPT_REASON_CODES)[number], string> = {
  VENDOR_SHORT: 'Vendor short',
  DAMAGED: 'Damaged',
  WRONG_ITEM: 'Wrong item',
};

const difference = (l: Line) =>
  l.difference > 0 ? `+${formatCount(l.difference)}` : formatCount(l.difference);

/**
 * A completed receipt's lines over the count policy (issue 51): their stock waits for an admin. Approve adds what
 * was received, Reject what was shipped; both with a reason for receiving. Others see where each line stands.
 */
export function ReceiptApproval({ shipment: s }: { shipment: TShipment }) {
  const r = s.receipt;
  const held = r?.lines.filter((l) => l.review !== null) ?? [];
  if (!r || held.length === 0) return null;
  const waiting = r.lines_awaiting_approval;
  return (
    <Card>
      <div className="flex items-start gap-3 px-5 pt-5 pb-3">
        <ShieldAlert
          className={`mt-0.5 size-5 shrink-0 ${waiting > 0 ? 'text-amber-500' : 'text-emerald-600'}`}
          aria-hidden
        />
        <div>
          <h3 className="text-base font-semibold text-slate-900 dark:text-slate-100">
            {waiting > 0 ? `${waiting} line${waiting === 1 ? '' : 's'} awaiting approval` : 'Approval'}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {waiting > 0
              ? 'These lines were off by more than the count policy allows: their stock is added once an admin decides. Approve adds what was received; Reject adds what was shipped.'
              : 'These lines were off by more than the count policy allows and waited for an admin: what each decision added to stock.'}
          </p>
        </div>
      </div>
      <ul className="divide-y divide-slate-100 border-t border-slate-100 dark:divide-slate-800 dark:border-slate-800">
        {held.map((l) => (
          <ReceiptApprovalLine key={l.product_id} line={l} auditId={r.audit_id} shipmentId={s.id} />
        ))}
      </ul>
    </Card>
  );
}

function ReceiptApprovalLine({
  line: l,
  auditId,
  shipmentId,
}: {
  line: Line;
  auditId: number;
  shipmentId: number;
}) {
  const isAdmin = useCan('admin');
  const review = useReviewAudit();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const v = l.review;
  if (!v) return null;
  const decide = async (decision: 'approve' | 'reject') => {
    if (decision === 'approve' && !reason) {
      setError('Choose a reason code to approve a line');
      return;
    }
    setError(null);
    try {
      await review.mutateAsync({
        id: auditId,
        lines: [
          {
            discrepancy_id: v.discrepancy_id,
            decision,
            ...(reason ? { reason_code: reason } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
          },
        ],
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.shipments.detail(shipmentId) });
      notify.success(
        decision === 'approve'
          ? `${l.name}: ${formatCount(l.received)} received added to stock`
          : `${l.name}: ${formatCount(l.expected)} shipped added to stock`,
      );
    } catch (e) {
      const message = errorMessage(e, 'The decision could not be saved');
      if (e instanceof ApiError && e.field?.endsWith('reason_code')) setError(message);
      else notify.error(message);
    }
  };
  return (
    <li className="flex flex-col gap-3 px-5 py-4 lg:flex-row lg:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900 dark:text-slate-100">{l.name}</span>
          {v.state === 'awaiting' && <Badge tone="amber">Awaiting approval</Badge>}
          {v.state === 'approved' && <Badge tone="green">Approved</Badge>}
          {v.state === 'rejected' && <Badge tone="red">Rejected</Badge>}
        </div>
        <div className="text-xs text-slate-500 dark:text-slate-400">
          {l.sku} · {formatCount(l.received)} received of {formatCount(l.expected)} shipped ({difference(l)})
        </div>
        {v.state !== 'awaiting' && (
          <div className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {formatCount(v.units_added ?? 0)} added to stock
            {v.reason_code
              ? ` · ${REASON_LABELS[v.reason_code as keyof typeof REASON_LABELS] ?? v.reason_code}`
              : ''}
            {v.decided_by ? ` · ${v.decided_by}` : ''}
            {v.decided_at ? `, ${formatDateTime(v.decided_at)}` : ''}
            {v.note ? ` · “${v.note}”` : ''}
          </div>
        )}
      </div>
      {v.state === 'awaiting' && isAdmin && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="sm:w-44">
            <label htmlFor={`${ids}-reason`} className="sr-only">
              Reason for {l.name}
            </label>
            <Select
              id={`${ids}-reason`}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
              hasError={error !== null}
              aria-describedby={error ? `${ids}-error` : undefined}
            >
              <option value="">Reason…</option>
              {RECEIPT_REASON_CODES.map((c) => (
                <option key={c} value={c}>
                  {REASON_LABELS[c]}
                </option>
              ))}
            </Select>
            {error && (
              <p id={`${ids}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
                {error}
              </p>
            )}
          </div>
          <div className="sm:w-44">
            <label htmlFor={`${ids}-note`} className="sr-only">
              Note for {l.name}
            </label>
            <Input
              id={`${ids}-note`}
              placeholder="Note (optional)"
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => decide('approve')} isLoading={review.isPending}>
              <Check className="size-4" aria-hidden /> Approve
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => decide('reject')}
              disabled={review.isPending}
            >
              <X className="size-4" aria-hidden /> Reject
            </Button>
          </div>
        </div>
      )}
      {v.state === 'awaiting' && !isAdmin && (
        <p className="text-xs text-slate-500 dark:text-slate-400">An admin approves or rejects this line.</p>
      )}
    </li>
  );
}

import { APPLY_REASON_MAX, type TAudit } from '@quantics/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useAuditDiscrepancies } from '@/shared/audits/audit-api';
import { AUDIT_TEXTS } from '@/shared/audits/audit-texts';
import { useApplyCounts } from '../api/audits';

/**
 * Sets product quantities to what the audit found: every shortage and overage row, or the ones ticked. In a count of a
 * location, a product found there with no stock there (misplaced) can be ticked too: it then gets a place there with
 * the units found (left unticked by default: the item may only have strayed).
 */
export function ApplyCountsDialog({ audit, onClose }: { audit: TAudit | null; onClose: () => void }) {
  return (
    <Dialog
      isOpen={audit !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Apply counts to inventory"
      description="The ticked products get the quantity this audit found. This can be done once per audit and is logged."
    >
      {audit && <ApplyForm key={audit.id} audit={audit} onClose={onClose} />}
    </Dialog>
  );
}

function ApplyForm({ audit, onClose }: { audit: TAudit; onClose: () => void }) {
  const rows = useAuditDiscrepancies(audit);
  const applicable = (rows.data ?? []).filter(
    (r) => (r.discrepancy_type === 'shortage' || r.discrepancy_type === 'overage') && r.product_id !== null,
  );
  const misplaced =
    audit.location_id === null
      ? []
      : (rows.data ?? []).filter((r) => r.discrepancy_type === 'misplaced' && r.product_id !== null);
  const [unticked, setUnticked] = useState<Set<number>>(new Set());
  const [placed, setPlaced] = useState<Set<number>>(new Set());
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = useApplyCounts();
  const chosen = [
    ...applicable.filter((r) => !unticked.has(r.id)).map((r) => r.id),
    ...misplaced.filter((r) => placed.has(r.id)).map((r) => r.id),
  ];
  const submit = async () => {
    if (!reason.trim()) return setError(AUDIT_TEXTS.reasonRequired);
    try {
      // Without ids the server applies every shortage and overage; misplaced rows only when named.
      const ids = chosen.length === applicable.length && placed.size === 0 ? undefined : chosen;
      const res = await apply.mutateAsync({ id: audit.id, reason: reason.trim(), ids });
      notify.success(`${AUDIT_TEXTS.countsApplied}: ${res.applied} product(s)`);
      onClose();
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to apply counts'));
    }
  };
  const flip = (id: number) => (s: Set<number>) => {
    const next = new Set(s);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  const toggle = (id: number) => setUnticked(flip(id));
  return (
    <div className="space-y-4">
      <ul className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {applicable.map((r) => (
          <li key={r.id}>
            <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm">
              <input
                type="checkbox"
                checked={!unticked.has(r.id)}
                onChange={() => toggle(r.id)}
                className="size-4 accent-brand-600"
              />
              <span className="min-w-0 flex-1 truncate text-slate-800 dark:text-slate-200">
                <span className="font-mono text-xs">{r.product_sku}</span> {r.product_name}
              </span>
              <span className="tabular-nums text-slate-600 dark:text-slate-400">
                {formatCount(r.expected_quantity)} →{' '}
                <strong className="text-slate-900 dark:text-slate-100">
                  {formatCount(r.found_quantity)}
                </strong>
              </span>
            </label>
          </li>
        ))}
        {misplaced.map((r) => (
          <li key={r.id}>
            <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm">
              <input
                type="checkbox"
                checked={placed.has(r.id)}
                onChange={() => setPlaced(flip(r.id))}
                className="size-4 accent-brand-600"
              />
              <span className="min-w-0 flex-1 text-slate-800 dark:text-slate-200">
                <span className="block truncate">
                  <span className="font-mono text-xs">{r.product_sku}</span> {r.product_name}
                </span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  Misplaced: tick to keep it at {audit.location}
                </span>
              </span>
              <span className="tabular-nums text-slate-600 dark:text-slate-400">
                +{' '}
                <strong className="text-slate-900 dark:text-slate-100">
                  {formatCount(r.found_quantity)}
                </strong>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div className="space-y-1.5">
        <label
          htmlFor="apply-reason"
          className="block text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          Reason
        </label>
        <Textarea
          id="apply-reason"
          value={reason}
          maxLength={APPLY_REASON_MAX}
          rows={2}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          placeholder="e.g. Weekly cycle count, recounted by hand"
          hasError={Boolean(error)}
        />
        {error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button onClick={submit} isLoading={apply.isPending} disabled={chosen.length === 0}>
          Apply {formatCount(chosen.length)} count{chosen.length === 1 ? '' : 's'}
        </Button>
      </div>
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type TCountPolicy, ZCountPolicy } from '@quantics/contracts';
import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { placeServerError, type ServerFields } from '@/lib/server-field-error';
import { notify } from '@/lib/toast';
import { useReasonCodes } from '@/shared/reviews/reviews-api';
import { useChangeReasonCode, useCountPolicy, useSaveCountPolicy } from '../api/count-policy';

/**
 * Admins: which count variances wait for an approval (over N units or over an amount at cost on one line; both
 * empty: approval off), and the company's reason codes.
 */
export function CountPolicyCard({ companyId }: { companyId: number }) {
  const policy = useCountPolicy(companyId);
  return (
    <Card className="overflow-hidden" data-testid="count-policy">
      <div className="flex items-start gap-4 border-b border-slate-200 p-5 sm:p-6 dark:border-slate-800">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300">
          <ClipboardCheck className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Count approval</h2>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
            Count lines over these limits wait for an admin&apos;s approval, with a reason code, before they
            change the inventory. Leave both empty to apply counts without approval.
          </p>
        </div>
      </div>
      <div className="space-y-6 p-5 sm:p-6">
        {policy.data ? (
          <PolicyForm key={JSON.stringify(policy.data)} companyId={companyId} saved={policy.data} />
        ) : (
          <Spinner label="Loading the count policy" />
        )}
        <ReasonCodes />
      </div>
    </Card>
  );
}

/** An empty box is no limit (null); anything else the number typed, which the contracts' schema checks. */
const limit = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

const POLICY_FIELDS: ServerFields<TCountPolicy> = {
  approval_units: 'approval_units',
  approval_value: 'approval_value',
};

function PolicyForm({ companyId, saved }: { companyId: number; saved: TCountPolicy }) {
  const save = useSaveCountPolicy(companyId);
  const form = useForm<TCountPolicy>({ resolver: zodResolver(ZCountPolicy), defaultValues: saved });
  const { errors } = form.formState;
  const submit = form.handleSubmit((policy) =>
    save.mutate(policy, {
      onSuccess: () => notify.success('Count policy saved'),
      onError: (err) => {
        // A refusal about one limit is shown beside it (the server names the field); anything else is a toast.
        if (!placeServerError(form.setError, err, POLICY_FIELDS))
          notify.error(errorMessage(err, 'The count policy could not be saved'));
      },
    }),
  );
  return (
    <form className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start" onSubmit={submit} noValidate>
      <TextField
        label="Over this many units on a line"
        type="number"
        min="1"
        step="1"
        inputMode="numeric"
        placeholder="No limit"
        error={errors.approval_units?.message}
        {...form.register('approval_units', { setValueAs: limit })}
      />
      <TextField
        label="Over this value at cost on a line"
        type="number"
        min="0.01"
        step="0.01"
        inputMode="decimal"
        placeholder="No limit"
        error={errors.approval_value?.message}
        {...form.register('approval_value', { setValueAs: limit })}
      />
      <Button type="submit" className="sm:mt-6" isLoading={save.isPending}>
        Save policy
      </Button>
    </form>
  );
}

function ReasonCodes() {
  const codes = useReasonCodes();
  const change = useChangeReasonCode();
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('');
  const run = (c: Parameters<typeof change.mutate>[0], done: string) =>
    change.mutate(c, {
      onSuccess: () => notify.success(done),
      onError: (err) => notify.error(errorMessage(err, 'The reason code could not be changed')),
    });
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">Reason codes</h3>
      {codes.isPending ? (
        <Spinner label="Loading reason codes" />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {(codes.data ?? []).map((c) => (
            <li key={c.id} className="flex items-center gap-2 px-3 py-2" data-testid="reason-code">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-slate-800 dark:text-slate-200">{c.label}</p>
                <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">{c.code}</p>
              </div>
              {c.retired && <Badge>Retired</Badge>}
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  run(
                    { kind: 'retire', id: c.id, retired: !c.retired },
                    c.retired ? 'Reason code restored' : 'Reason code retired',
                  )
                }
              >
                {c.retired ? 'Restore' : 'Retire'}
              </Button>
              {!c.in_use && (
                <Button
                  size="sm"
                  variant="danger-ghost"
                  aria-label={`Delete ${c.label}`}
                  onClick={() => run({ kind: 'delete', id: c.id }, 'Reason code deleted')}
                >
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-3 grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!code.trim() || !label.trim()) return;
          run({ kind: 'add', code: code.trim(), label: label.trim() }, 'Reason code added');
          setCode('');
          setLabel('');
        }}
      >
        <TextField
          label="Code"
          value={code}
          maxLength={32}
          onChange={(e) => setCode(e.target.value)}
          placeholder="WATER_DAMAGE"
        />
        <TextField
          label="Label"
          value={label}
          maxLength={80}
          onChange={(e) => setLabel(e.target.value)}
          placeholder="Water damage"
        />
        <Button type="submit" variant="secondary" isLoading={change.isPending}>
          Add code
        </Button>
      </form>
    </section>
  );
}

import { defaultReportRange, type TCompany } from '@quantics/contracts';
import { useMutation } from '@tanstack/react-query';
import { Download, Mail, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useUpdateCompany } from '../api/save-company';
import { downloadSecurityLog } from '../api/security-log';
import { useTeamTwoFactor } from '../api/team-two-factor';
import { postTwoFactorReminders } from '../api/two-factor-reminders';
import { COMPANY_TEXTS } from '../company-texts';

/**
 * Admins: require two-factor of everyone, see who does not have it yet (and remind them), and export the
 * security log.
 */
export function SecurityPolicyCard({ company, userId }: { company: TCompany; userId: number }) {
  const update = useUpdateCompany();
  const members = useTeamTwoFactor();
  const remind = useMutation({
    mutationFn: postTwoFactorReminders,
    onSuccess: (res) => notify.success(res.message),
    onError: (err) => notify.error(errorMessage(err, COMPANY_TEXTS.remindFailed)),
  });
  const without = members.data?.filter((m) => !m.two_factor_enabled) ?? [];
  const lacksOwn = members.data?.some((m) => m.id === userId && !m.two_factor_enabled) ?? false;
  const isOn = company.require_two_factor;

  const toggle = () =>
    update.mutate(
      { id: company.id, require_two_factor: !isOn },
      {
        onSuccess: (saved) =>
          notify.success(
            saved.require_two_factor
              ? 'Two-factor authentication is now required'
              : 'Two-factor authentication is no longer required',
          ),
        onError: (err) => notify.error(errorMessage(err, COMPANY_TEXTS.policyFailed)),
      },
    );

  return (
    <Card className="overflow-hidden" data-testid="security-policy">
      <div className="flex items-start gap-4 border-b border-slate-200 p-5 sm:p-6 dark:border-slate-800">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300">
          <ShieldCheck className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Security</h2>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
            Two-factor sign-in for everyone in {company.name}, and a log of every sign-in and security change.
          </p>
        </div>
      </div>

      <div className="divide-y divide-slate-200 dark:divide-slate-800">
        <section className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
          <div className="min-w-0 space-y-1">
            <p id="require-2fa-label" className="text-sm font-medium text-slate-900 dark:text-slate-100">
              {COMPANY_TEXTS.requireTwoFactor}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Members without it can still sign in, but see only the two-factor setup until it is done.
              Readers and print utilities already signed in keep working.
            </p>
            {lacksOwn && !isOn && (
              <p className="text-sm text-amber-700 dark:text-amber-300">
                Turn on two-factor for your own account first, in{' '}
                <Link to="/settings?tab=security" className="font-medium underline underline-offset-2">
                  Settings, Security
                </Link>
                .
              </p>
            )}
          </div>
          <Switch
            isOn={isOn}
            onChange={toggle}
            aria-labelledby="require-2fa-label"
            disabled={update.isPending || (lacksOwn && !isOn)}
          />
        </section>

        <section className="space-y-3 p-5 sm:p-6" aria-labelledby="without-2fa-title">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <h3 id="without-2fa-title" className="text-sm font-medium text-slate-900 dark:text-slate-100">
              Members without two-factor
              {members.data && (
                <Badge tone={without.length ? 'amber' : 'green'} className="ml-2">
                  {formatCount(without.length)}
                </Badge>
              )}
            </h3>
            {without.length > 0 && (
              <Button variant="secondary" onClick={() => remind.mutate()} isLoading={remind.isPending}>
                <Mail className="size-4" aria-hidden />
                Email them a reminder
              </Button>
            )}
          </div>
          {members.isPending ? (
            <Spinner label="Loading members" />
          ) : members.isError ? (
            <p className="text-sm text-red-600 dark:text-red-400">{COMPANY_TEXTS.membersFailed}</p>
          ) : without.length === 0 ? (
            <p className="text-sm text-emerald-700 dark:text-emerald-300">
              Everyone in {company.name} signs in with two-factor.
            </p>
          ) : (
            <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
              {without.map((m) => (
                <li key={m.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-800 dark:text-slate-200">
                      {m.name || m.email}
                      {m.id === userId && <span className="ml-1 text-slate-500">(you)</span>}
                    </span>
                    {m.name && <span className="block truncate text-xs text-slate-500">{m.email}</span>}
                  </span>
                  <Badge tone="amber" hasDot>
                    No 2FA
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </section>

        <SecurityLogExport zone={company.time_zone} />
      </div>
    </Card>
  );
}

/** The log between two of the company's days (its time zone's), by default its last 30. */
function SecurityLogExport({ zone }: { zone: string }) {
  const [range, setRange] = useState(() => {
    const r = defaultReportRange(zone);
    return { from: r.start, to: r.end };
  });
  const exportLog = useMutation({
    mutationFn: () => downloadSecurityLog(range.from, range.to),
    onError: (err) => notify.error(errorMessage(err, COMPANY_TEXTS.exportFailed)),
  });
  const isBackwards = range.from > range.to;
  return (
    <section className="space-y-3 p-5 sm:p-6" aria-labelledby="security-log-title">
      <div>
        <h3 id="security-log-title" className="text-sm font-medium text-slate-900 dark:text-slate-100">
          Security log
        </h3>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          Sign-ins and failed sign-ins, two-factor and password changes, sessions ended, role and policy
          changes, with the address and browser of each, as CSV.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid grid-cols-2 gap-3 sm:w-96">
          <Field label="From">
            {(id) => (
              <Input
                id={id}
                type="date"
                value={range.from}
                max={range.to}
                hasError={isBackwards}
                onChange={(e) => setRange({ ...range, from: e.target.value })}
              />
            )}
          </Field>
          <Field label="To">
            {(id) => (
              <Input
                id={id}
                type="date"
                value={range.to}
                min={range.from}
                hasError={isBackwards}
                onChange={(e) => setRange({ ...range, to: e.target.value })}
              />
            )}
          </Field>
        </div>
        <Button
          variant="secondary"
          onClick={() => exportLog.mutate()}
          isLoading={exportLog.isPending}
          disabled={!range.from || !range.to || isBackwards}
        >
          <Download className="size-4" aria-hidden />
          Export CSV
        </Button>
      </div>
    </section>
  );
}

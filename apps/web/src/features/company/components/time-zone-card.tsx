import type { TCompany } from '@quantics/contracts';
import { Clock } from 'lucide-react';
import { useMemo } from 'react';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useUpdateCompany } from '../api/save-company';

/** The time zones the browser knows (the IANA names), with the company's own kept when the browser lacks it. */
function zoneNames(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, current])].sort((a, b) => a.localeCompare(b));
}

/** Admins: the time zone in which the company's days are counted (reports, the dashboard, planned counts). */
export function TimeZoneCard({ company }: { company: TCompany }) {
  const update = useUpdateCompany();
  const zones = useMemo(() => zoneNames(company.time_zone), [company.time_zone]);
  const save = (time_zone: string) =>
    update.mutate(
      { id: company.id, time_zone },
      {
        onSuccess: (saved) => notify.success(`Time zone set to ${saved.time_zone}`),
        onError: (err) => notify.error(errorMessage(err, 'Could not save the time zone')),
      },
    );
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="flex min-w-0 items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300">
          <Clock className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 id="time-zone-label" className="text-base font-semibold text-slate-900 dark:text-slate-100">
            Time zone
          </h2>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
            Reports, the dashboard, Tallie and planned counts go by the days of this time zone.
          </p>
        </div>
      </div>
      <Select
        aria-labelledby="time-zone-label"
        className="w-full sm:w-72"
        value={company.time_zone}
        disabled={update.isPending}
        onChange={(e) => save(e.target.value)}
      >
        {zones.map((z) => (
          <option key={z} value={z}>
            {z.replaceAll('_', ' ')}
          </option>
        ))}
      </Select>
    </Card>
  );
}

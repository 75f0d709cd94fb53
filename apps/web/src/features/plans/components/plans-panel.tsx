import type { TCountPlan, TUser } from '@quantics/contracts';
import { CalendarClock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useLocations } from '@/shared/locations/locations-api';
import { useCountPlans, useFixedReaders, usePlanPeople, useSaveCountPlan } from '../api/count-plans';
import { PlanDialog } from './plan-dialog';
import { WEEKDAYS } from './plan-form';

/** A plan's rhythm in words. */
export function rhythmText(p: TCountPlan): string {
  if (p.every_days !== null) return p.every_days === 1 ? 'Every day' : `Every ${p.every_days} days`;
  if (p.weekdays) return p.weekdays.map((d) => WEEKDAYS[d - 1]).join(', ');
  return `Monthly on day ${p.month_day}`;
}

/** The Audits page's Plans tab: the company's count plans, created, edited and deleted here. */
export function PlansPanel({ user }: { user: TUser }) {
  const plans = useCountPlans(true);
  const locations = useLocations();
  const { remove } = useSaveCountPlan();
  const [editing, setEditing] = useState<TCountPlan | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [deleting, setDeleting] = useState<TCountPlan | null>(null);
  const people = usePlanPeople(true);
  const readers = useFixedReaders(true);
  const personName = (id: number) => people.data?.data.find((x) => x.id === id)?.name ?? 'Assigned';
  const readerName = (id: number) => readers.data?.find((x) => x.id === id)?.name ?? 'Fixed reader';
  const pathOf = (id: number) => locations.data?.find((l) => l.id === id)?.path ?? `#${id}`;
  const rows = plans.data?.data ?? [];
  const open = (plan: TCountPlan | null) => {
    setEditing(plan);
    setIsOpen(true);
  };
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center gap-2 border-b border-slate-200 p-4 dark:border-slate-800">
        <p className="text-sm text-slate-500 dark:text-slate-400">
          What is counted how often. Due counts show on the Count screen.
        </p>
        <Button className="ml-auto shrink-0 whitespace-nowrap" onClick={() => open(null)}>
          <Plus className="size-4" aria-hidden />
          New plan
        </Button>
      </div>
      {plans.isPending ? (
        <Spinner label="Loading plans" />
      ) : plans.isError ? (
        <LoadError title="Plans could not be loaded" error={plans.error} onRetry={() => plans.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={CalendarClock} title="No count plans yet">
          Plan which places are counted how often; the Count screen then shows what is due.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Count plans">
          {rows.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1 basis-full sm:basis-0">
                <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">{p.name}</p>
                <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                  {[...p.location_ids.map(pathOf), ...p.rooms].join(' · ')}
                </p>
              </div>
              <Badge tone="brand">{rhythmText(p)}</Badge>
              {p.grace_days > 0 && <Badge>{`${p.grace_days}d grace`}</Badge>}
              {p.blind && <Badge tone="slate">Blind</Badge>}
              {p.assignee_user_id !== null && <Badge tone="blue">{personName(p.assignee_user_id)}</Badge>}
              {p.device_id !== null && (
                <Badge tone="slate">{`${readerName(p.device_id)} · ${p.duration_minutes ?? 0} min`}</Badge>
              )}
              <Button variant="secondary" size="sm" onClick={() => open(p)} aria-label={`Edit ${p.name}`}>
                <Pencil className="size-4" aria-hidden />
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setDeleting(p)}
                aria-label={`Delete ${p.name}`}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <PlanDialog user={user} plan={editing} isOpen={isOpen} onOpenChange={setIsOpen} />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete count plan"
        description={`${deleting?.name ?? ''} will no longer make counts due. Past counts stay.`}
        confirmLabel="Delete plan"
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (err) => notify.error(errorMessage(err, 'Could not delete the plan')),
          })
        }
      />
    </Card>
  );
}

import type { TCountPlan, TCountPlanRequest, TUser } from '@quantics/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { usePlaceOptions } from '@/shared/locations/place-options';
import { useSaveCountPlan } from '../api/count-plans';

type Rhythm = 'every_days' | 'weekdays' | 'month_day';
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Create or edit a count plan: its places, its rhythm (one of three), grace days, blind. */
export function PlanDialog({
  user,
  plan,
  isOpen,
  onOpenChange,
}: {
  user: TUser;
  plan: TCountPlan | null;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { isDutchie, options } = usePlaceOptions(user);
  const { save } = useSaveCountPlan();
  const [name, setName] = useState('');
  const [places, setPlaces] = useState<string[]>([]);
  const [rhythm, setRhythm] = useState<Rhythm>('every_days');
  const [everyDays, setEveryDays] = useState('7');
  const [weekdays, setWeekdays] = useState<number[]>([1]);
  const [monthDay, setMonthDay] = useState('1');
  const [grace, setGrace] = useState('1');
  const [isBlind, setIsBlind] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setName(plan?.name ?? '');
    setPlaces(
      plan ? [...plan.location_ids.map((id) => `loc:${id}`), ...plan.rooms.map((r) => `room:${r}`)] : [],
    );
    setRhythm(plan?.weekdays ? 'weekdays' : plan?.month_day ? 'month_day' : 'every_days');
    setEveryDays(String(plan?.every_days ?? 7));
    setWeekdays(plan?.weekdays ?? [1]);
    setMonthDay(String(plan?.month_day ?? 1));
    setGrace(String(plan?.grace_days ?? 1));
    setIsBlind(plan?.blind ?? false);
  }, [isOpen, plan]);

  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: TCountPlanRequest = {
      name,
      location_ids: places.filter((p) => p.startsWith('loc:')).map((p) => Number(p.slice(4))),
      rooms: places.filter((p) => p.startsWith('room:')).map((p) => p.slice(5)),
      grace_days: Number(grace),
      blind: isBlind,
      ...(rhythm === 'every_days' && { every_days: Number(everyDays) }),
      ...(rhythm === 'weekdays' && { weekdays }),
      ...(rhythm === 'month_day' && { month_day: Number(monthDay) }),
      assignee_user_id: plan?.assignee_user_id ?? null,
      device_id: plan?.device_id ?? null,
      duration_minutes: plan?.duration_minutes ?? null,
    };
    save.mutate(
      { id: plan?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notify.success(`Plan ${saved.name} saved`);
          onOpenChange(false);
        },
        onError: (err) => notify.error(errorMessage(err, 'Could not save the plan')),
      },
    );
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={plan ? 'Edit count plan' : 'New count plan'}
      description={`Which ${isDutchie ? 'rooms' : 'locations (with their sub-locations)'} are counted, and how often.`}
    >
      <form onSubmit={submit} className="space-y-4">
        <Field label="Plan name">
          {(id) => <Input id={id} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">
            {isDutchie ? 'Rooms' : 'Locations'}
          </legend>
          <div className="max-h-40 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2 dark:border-slate-800">
            {options.map((o) => (
              <label
                key={o.value}
                className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300"
              >
                <input
                  type="checkbox"
                  checked={places.includes(o.value)}
                  onChange={() => setPlaces(toggle(places, o.value))}
                  className="size-4 rounded border-slate-300 text-brand-600"
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Rhythm">
            {(id) => (
              <Select id={id} value={rhythm} onChange={(e) => setRhythm(e.target.value as Rhythm)}>
                <option value="every_days">Every few days</option>
                <option value="weekdays">On weekdays</option>
                <option value="month_day">Monthly</option>
              </Select>
            )}
          </Field>
          {rhythm === 'every_days' && (
            <Field label="Every how many days">
              {(id) => (
                <Input
                  id={id}
                  type="number"
                  min={1}
                  max={366}
                  value={everyDays}
                  onChange={(e) => setEveryDays(e.target.value)}
                />
              )}
            </Field>
          )}
          {rhythm === 'month_day' && (
            <Field label="Day of the month">
              {(id) => (
                <Input
                  id={id}
                  type="number"
                  min={1}
                  max={28}
                  value={monthDay}
                  onChange={(e) => setMonthDay(e.target.value)}
                />
              )}
            </Field>
          )}
        </div>
        {rhythm === 'weekdays' && (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-900 dark:text-slate-100">Days</legend>
            {WEEKDAYS.map((label, i) => (
              <label
                key={label}
                className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300"
              >
                <input
                  type="checkbox"
                  checked={weekdays.includes(i + 1)}
                  onChange={() => setWeekdays(toggle(weekdays, i + 1))}
                  className="size-4 rounded border-slate-300 text-brand-600"
                />
                {label}
              </label>
            ))}
          </fieldset>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Grace days" hint="Overdue after this many days past due.">
            {(id, describedBy) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                type="number"
                min={0}
                max={90}
                value={grace}
                onChange={(e) => setGrace(e.target.value)}
              />
            )}
          </Field>
          <label className="flex items-center gap-2 self-center text-sm text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              checked={isBlind}
              onChange={(e) => setIsBlind(e.target.checked)}
              className="size-4 rounded border-slate-300 text-brand-600"
            />
            Blind counts
          </label>
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={save.isPending}>
            Save plan
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import {
  COUNT_PLAN_MESSAGES,
  type TCountPlan,
  type TCountPlanRequest,
  type TUser,
} from '@quantics/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { usePlaceOptions } from '@/shared/locations/place-options';
import { useFixedReaders, usePlanPeople, useSaveCountPlan } from '../api/count-plans';

type Rhythm = 'every_days' | 'weekdays' | 'month_day';
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A form's messages, by field; `form` is the server's answer when no field is named. */
type Errors = Partial<Record<'name' | 'places' | 'rhythm' | 'grace' | 'duration' | 'form', string>>;

const wholeIn = (v: string, min: number, max: number) => {
  const n = Number(v);
  return v.trim() !== '' && Number.isInteger(n) && n >= min && n <= max;
};

/** The server's 400 names the field in its message: it goes under that field, else above the buttons. */
function serverField(message: string): keyof Errors {
  if (/^(Plan name|name)/.test(message)) return 'name';
  if (/location_ids|rooms|location|room/.test(message)) return 'places';
  if (/every_days|weekdays|month_day|rhythm/.test(message)) return 'rhythm';
  if (/grace_days/.test(message)) return 'grace';
  if (/duration_minutes|device_id/.test(message)) return 'duration';
  return 'form';
}

/**
 * Create or edit a count plan: its places, its rhythm (one of three), grace days, blind, and optionally whom it is for
 * and a fixed reader that counts by itself for a duration. Every field of POST/PUT /api/count-plans is here.
 */
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
  const [assignee, setAssignee] = useState('');
  const [device, setDevice] = useState('');
  const [duration, setDuration] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const people = usePlanPeople(isOpen);
  const readers = useFixedReaders(isOpen);

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
    setAssignee(plan?.assignee_user_id ? String(plan.assignee_user_id) : '');
    setDevice(plan?.device_id ? String(plan.device_id) : '');
    setDuration(plan?.duration_minutes ? String(plan.duration_minutes) : '');
    setErrors({});
  }, [isOpen, plan]);

  /** What the server would refuse, said before asking it. */
  const check = (): Errors => {
    const e: Errors = {};
    if (!name.trim()) e.name = COUNT_PLAN_MESSAGES.nameRequired;
    if (places.length === 0)
      e.places = isDutchie ? 'Choose at least one room' : 'Choose at least one location';
    if (rhythm === 'every_days' && !wholeIn(everyDays, 1, 366))
      e.rhythm = 'Every how many days: a whole number from 1 to 366';
    if (rhythm === 'weekdays' && weekdays.length === 0) e.rhythm = 'Choose at least one day';
    if (rhythm === 'month_day' && !wholeIn(monthDay, 1, 28))
      e.rhythm = 'Day of the month: a whole number from 1 to 28';
    if (!wholeIn(grace, 0, 90)) e.grace = 'Grace days: a whole number from 0 to 90';
    if (device && !wholeIn(duration, 1, 1440))
      e.duration = 'A fixed reader counts for a set time: minutes from 1 to 1440';
    return e;
  };

  const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    const body: TCountPlanRequest = {
      name,
      location_ids: places.filter((p) => p.startsWith('loc:')).map((p) => Number(p.slice(4))),
      rooms: places.filter((p) => p.startsWith('room:')).map((p) => p.slice(5)),
      grace_days: Number(grace),
      blind: isBlind,
      ...(rhythm === 'every_days' && { every_days: Number(everyDays) }),
      ...(rhythm === 'weekdays' && { weekdays }),
      ...(rhythm === 'month_day' && { month_day: Number(monthDay) }),
      assignee_user_id: assignee ? Number(assignee) : null,
      device_id: device ? Number(device) : null,
      duration_minutes: device ? Number(duration) : null,
    };
    save.mutate(
      { id: plan?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notify.success(`Plan ${saved.name} saved`);
          onOpenChange(false);
        },
        onError: (err) => {
          const message = errorMessage(err, 'Could not save the plan');
          setErrors({ [serverField(message)]: message });
          notify.error(message);
        },
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
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Plan name" error={errors.name}>
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={errors.name ? true : undefined}
              value={name}
              maxLength={100}
              onChange={(e) => {
                setName(e.target.value);
                setErrors(({ name: _, ...rest }) => rest);
              }}
            />
          )}
        </Field>
        <fieldset className="space-y-2" aria-describedby={errors.places ? 'plan-places-error' : undefined}>
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
                  onChange={() => {
                    setPlaces(toggle(places, o.value));
                    setErrors(({ places: _, ...rest }) => rest);
                  }}
                  className="size-4 rounded border-slate-300 text-brand-600"
                />
                {o.label}
              </label>
            ))}
          </div>
          {errors.places && (
            <p id="plan-places-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errors.places}
            </p>
          )}
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
        {errors.rhythm && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errors.rhythm}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Grace days" hint="Overdue after this many days past due." error={errors.grace}>
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
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Person (optional)" hint="Listed first on their Count screen.">
            {(id, describedBy) => (
              <Select
                id={id}
                aria-describedby={describedBy}
                value={assignee}
                onChange={(e) => setAssignee(e.target.value)}
              >
                <option value="">Anyone</option>
                {(people.data?.data ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name === p.email ? p.email : `${p.name} (${p.email})`}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Fixed reader (optional)"
            hint={
              readers.data && readers.data.length === 0
                ? 'No fixed reader is set up (Devices page).'
                : 'Starts and finishes the count by itself.'
            }
          >
            {(id, describedBy) => (
              <Select
                id={id}
                aria-describedby={describedBy}
                value={device}
                onChange={(e) => {
                  setDevice(e.target.value);
                  if (e.target.value && !duration) setDuration('15');
                }}
              >
                <option value="">None: counted by hand</option>
                {(readers.data ?? []).map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        {device && (
          <Field
            label="Count duration (minutes)"
            hint="How long the reader counts each time the plan is due."
            error={errors.duration}
          >
            {(id, describedBy) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                aria-invalid={errors.duration ? true : undefined}
                type="number"
                min={1}
                max={1440}
                required
                value={duration}
                onChange={(e) => setDuration(e.target.value)}
                className="sm:max-w-48"
              />
            )}
          </Field>
        )}
        {errors.duration && !device && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errors.duration}
          </p>
        )}
        {errors.form && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errors.form}
          </p>
        )}
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

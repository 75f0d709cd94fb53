import type { TCountPlan, TUser } from '@quantics/contracts';
import { type ReactNode, useId } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { placeServerError } from '@/lib/server-field-error';
import { notify } from '@/lib/toast';
import { usePlaceOptions } from '@/shared/locations/place-options';
import { useFixedReaders, usePlanPeople, useSaveCountPlan } from '../api/count-plans';
import { PLAN_FIELDS, type PlanValues, planResolver, planValues, toPlanRequest, WEEKDAYS } from './plan-form';

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
  const { isDutchie } = usePlaceOptions(user);
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={plan ? 'Edit count plan' : 'New count plan'}
      description={`Which ${isDutchie ? 'rooms' : 'locations (with their sub-locations)'} are counted, and how often.`}
    >
      {isOpen && (
        <PlanForm key={plan?.id ?? 'new'} user={user} plan={plan} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

const toggle = <T,>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

/** A message under a group of fields (checkboxes have no one box to sit under). */
const Alert = ({ id, children }: { id?: string; children: ReactNode }) => (
  <p id={id} role="alert" className="text-sm text-red-600 dark:text-red-400">
    {children}
  </p>
);

function PlanForm({ user, plan, onDone }: { user: TUser; plan: TCountPlan | null; onDone: () => void }) {
  const { isDutchie, options } = usePlaceOptions(user);
  const { save } = useSaveCountPlan();
  const people = usePlanPeople(true);
  const readers = useFixedReaders(true);
  const form = useForm<PlanValues, { isDutchie: boolean }>({
    resolver: planResolver,
    context: { isDutchie },
    defaultValues: planValues(plan),
  });
  const { errors } = form.formState;
  const rhythm = form.watch('rhythm');
  const device = form.watch('device_id');
  const placesError = useId();
  const rhythmError = errors.every_days ?? errors.weekdays ?? errors.month_day;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: plan?.id ?? null, body: toPlanRequest(values) },
      {
        onSuccess: (saved) => {
          notify.success(`Plan ${saved.name} saved`);
          onDone();
        },
        onError: (err) => {
          // Beside the field the server names, else above the buttons; a toast either way.
          const message = errorMessage(err, 'Could not save the plan');
          if (!placeServerError(form.setError, err, PLAN_FIELDS)) form.setError('root.server', { message });
          notify.error(message);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Plan name" maxLength={100} error={errors.name?.message} {...form.register('name')} />
      <Controller
        control={form.control}
        name="places"
        render={({ field }) => (
          <fieldset
            className="space-y-2"
            aria-describedby={errors.places ? placesError : undefined}
            ref={(el) => field.ref(el?.querySelector('input') ?? null)}
          >
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
                    checked={field.value.includes(o.value)}
                    onChange={() => field.onChange(toggle(field.value, o.value))}
                    className="size-4 rounded border-slate-300 text-brand-600"
                  />
                  {o.label}
                </label>
              ))}
            </div>
            {errors.places && <Alert id={placesError}>{errors.places.message}</Alert>}
          </fieldset>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Rhythm">
          {(id) => (
            <Select id={id} {...form.register('rhythm')}>
              <option value="every_days">Every few days</option>
              <option value="weekdays">On weekdays</option>
              <option value="month_day">Monthly</option>
            </Select>
          )}
        </Field>
        {rhythm === 'every_days' && (
          <Field label="Every how many days">
            {(id) => <Input id={id} type="number" min={1} max={366} {...form.register('every_days')} />}
          </Field>
        )}
        {rhythm === 'month_day' && (
          <Field label="Day of the month">
            {(id) => <Input id={id} type="number" min={1} max={28} {...form.register('month_day')} />}
          </Field>
        )}
      </div>
      {rhythm === 'weekdays' && (
        <Controller
          control={form.control}
          name="weekdays"
          render={({ field }) => (
            <fieldset className="flex flex-wrap gap-2">
              <legend className="mb-2 text-sm font-medium text-slate-900 dark:text-slate-100">Days</legend>
              {WEEKDAYS.map((label, i) => (
                <label
                  key={label}
                  className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300"
                >
                  <input
                    type="checkbox"
                    checked={field.value.includes(i + 1)}
                    onChange={() => field.onChange(toggle(field.value, i + 1))}
                    className="size-4 rounded border-slate-300 text-brand-600"
                  />
                  {label}
                </label>
              ))}
            </fieldset>
          )}
        />
      )}
      {rhythmError && <Alert>{rhythmError.message}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Grace days"
          hint="Overdue after this many days past due."
          error={errors.grace_days?.message}
        >
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              type="number"
              min={0}
              max={90}
              hasError={!!errors.grace_days}
              {...form.register('grace_days')}
            />
          )}
        </Field>
        <label className="flex items-center gap-2 self-center text-sm text-slate-700 dark:text-slate-300">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 text-brand-600"
            {...form.register('blind')}
          />
          Blind counts
        </label>
      </div>
      <PlanPeopleAndReader form={form} people={people.data?.data ?? []} readers={readers.data} />
      {device && (
        <Field
          label="Count duration (minutes)"
          hint="How long the reader counts each time the plan is due."
          error={errors.duration_minutes?.message}
        >
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              hasError={!!errors.duration_minutes}
              type="number"
              min={1}
              max={1440}
              required
              className="sm:max-w-48"
              {...form.register('duration_minutes')}
            />
          )}
        </Field>
      )}
      {errors.duration_minutes && !device && <Alert>{errors.duration_minutes.message}</Alert>}
      {errors.root?.server && <Alert>{errors.root.server.message}</Alert>}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={save.isPending}>
          Save plan
        </Button>
      </div>
    </form>
  );
}

/** Whom the plan is for, and the fixed reader that counts it by itself (choosing one proposes 15 minutes). */
function PlanPeopleAndReader({
  form,
  people,
  readers,
}: {
  form: UseFormReturn<PlanValues, { isDutchie: boolean }>;
  people: { id: number; name: string; email: string }[];
  readers: { id: number; name: string }[] | undefined;
}) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Person (optional)"
        hint="Listed first on their Count screen."
        error={errors.assignee_user_id?.message}
      >
        {(id, describedBy) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            hasError={!!errors.assignee_user_id}
            {...form.register('assignee_user_id')}
          >
            <option value="">Anyone</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name === p.email ? p.email : `${p.name} (${p.email})`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Fixed reader (optional)"
        error={errors.device_id?.message}
        hint={
          readers && readers.length === 0
            ? 'No fixed reader is set up (Devices page).'
            : 'Starts and finishes the count by itself.'
        }
      >
        {(id, describedBy) => (
          <Select
            id={id}
            aria-describedby={describedBy}
            hasError={!!errors.device_id}
            {...form.register('device_id', {
              onChange: (e: { target: { value: string } }) => {
                if (e.target.value && !form.getValues('duration_minutes'))
                  form.setValue('duration_minutes', '15');
              },
            })}
          >
            <option value="">None: counted by hand</option>
            {(readers ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}

import { EVENT_LABELS, type TEventType, type TNotificationSettings } from '@quantics/contracts';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { ALERT_TEXTS as T } from '../alert-texts';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import { SettingsSection } from './settings-section';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

/** Per person and company: which events come by e-mail, an audit accuracy threshold and a daily digest. */
export function NotificationsTab() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [form, setForm] = useState<TNotificationSettings | null>(null);

  useEffect(() => {
    if (settings.data && form === null) {
      const { available_events: _, ...rest } = settings.data;
      setForm({ ...rest, time_zone: settings.data.digest_hour === null ? browserZone() : rest.time_zone });
    }
  }, [settings.data, form]);

  if (!settings.data || !form) {
    return <Card>{settings.isError ? <p className="p-6 text-sm">{T.loadFailed}</p> : <Spinner />}</Card>;
  }
  const available = settings.data.available_events as TEventType[];
  const toggle = (type: TEventType) =>
    setForm({
      ...form,
      email_events: form.email_events.includes(type)
        ? form.email_events.filter((t) => t !== type)
        : [...form.email_events, type],
    });
  const wantsAudits = form.email_events.includes('audit.completed');

  const submit = async () => {
    try {
      await save.mutateAsync(form);
      notify.success(T.saved);
    } catch (err) {
      notify.error(errorMessage(err, T.saveFailed));
    }
  };

  const footer = (
    <Button onClick={submit} isLoading={save.isPending}>
      {T.save}
    </Button>
  );

  return (
    <div className="space-y-6">
      <SettingsSection title={T.emailTitle} description={T.emailDescription}>
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">{T.emailTitle}</legend>
          {available.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 hover:bg-slate-50 has-checked:border-brand-600 has-checked:bg-brand-50/50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-500/10"
            >
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={form.email_events.includes(type)}
                onChange={() => toggle(type)}
              />
              {EVENT_LABELS[type]}
            </label>
          ))}
        </fieldset>
        <div className="mt-4 max-w-xs">
          <Field label={T.thresholdLabel} hint={wantsAudits ? T.thresholdHint : T.thresholdNeedsAudits}>
            {(id, describedBy) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                type="number"
                min={1}
                max={100}
                inputMode="numeric"
                placeholder={T.thresholdPlaceholder}
                disabled={!wantsAudits}
                value={form.accuracy_below ?? ''}
                onChange={(e) =>
                  setForm({ ...form, accuracy_below: e.target.value === '' ? null : Number(e.target.value) })
                }
              />
            )}
          </Field>
        </div>
      </SettingsSection>

      <SettingsSection title={T.digestTitle} description={T.digestDescription} footer={footer}>
        <label className="flex items-center gap-3 text-sm font-medium text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={form.digest_hour !== null}
            onChange={(e) => setForm({ ...form, digest_hour: e.target.checked ? 8 : null })}
          />
          {T.digestToggle}
        </label>
        {form.digest_hour !== null && (
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <Field label={T.digestHour}>
              {(id, describedBy) => (
                <Select
                  id={id}
                  aria-describedby={describedBy}
                  value={form.digest_hour ?? 8}
                  onChange={(e) => setForm({ ...form, digest_hour: Number(e.target.value) })}
                >
                  {HOURS.map((h) => (
                    <option key={h} value={h}>
                      {hourLabel(h)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={T.timeZone}>
              {(id, describedBy) => (
                <Select
                  id={id}
                  aria-describedby={describedBy}
                  value={form.time_zone}
                  onChange={(e) => setForm({ ...form, time_zone: e.target.value })}
                >
                  {[...new Set(['UTC', form.time_zone, ...ZONES])].map((z) => (
                    <option key={z} value={z}>
                      {z.replace(/_/g, ' ')}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        )}
        <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">{T.unsubscribeNote}</p>
      </SettingsSection>
    </div>
  );
}

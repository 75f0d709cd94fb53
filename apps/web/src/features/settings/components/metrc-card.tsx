import { type FormEvent, useState } from 'react';
import { useAuth } from '@/app/auth-provider';
import { useCan } from '@/app/use-can';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useMetrcConnection, useSaveMetrcKey, useSyncMetrc } from '../api/metrc-connection';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const STATE_BADGE = {
  pending: { tone: 'slate', label: 'Waiting for the first sync' },
  ok: { tone: 'green', label: 'Connected' },
  rate_limited: { tone: 'amber', label: 'Rate limited' },
  unreachable: { tone: 'amber', label: 'Metrc unavailable' },
  not_configured: { tone: 'amber', label: 'Not set up on this server' },
  key_refused: { tone: 'red', label: 'Key refused' },
} as const;

type Field = 'apiKey' | 'licenseNumber';

/**
 * Settings > General, beside the Dutchie card, for admins of point-of-sale companies: the Metrc user key and license
 * whose incoming manifests become expected shipments (issue 51), how the last sync went, and Sync now.
 */
export function MetrcCard() {
  const { user } = useAuth();
  const isAdmin = useCan('admin');
  const isShown = user?.inventory_type === 'dutchie' && isAdmin;
  const connection = useMetrcConnection(isShown);
  const save = useSaveMetrcKey();
  const sync = useSyncMetrc();
  const [apiKey, setApiKey] = useState('');
  const [license, setLicense] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  if (!isShown) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!apiKey.trim()) missing.apiKey = 'Metrc API key is required';
    const licenseNumber = license.trim() || connection.data?.license_number || '';
    if (!licenseNumber) missing.licenseNumber = 'Metrc license number is required';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      const result = await save.mutateAsync({ apiKey: apiKey.trim(), licenseNumber });
      setApiKey('');
      setLicense('');
      if (result.verified) notify.success(result.message);
      else notify.error(result.message);
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'apiKey' || err.field === 'licenseNumber')) {
        setErrors({ [err.field]: err.message });
      } else {
        notify.error(errorMessage(err, 'Failed to save the Metrc API key'));
      }
    }
  };
  const syncNow = async () => {
    try {
      const r = await sync.mutateAsync();
      if (r.state === 'ok') {
        notify.success(
          r.created + r.updated === 0
            ? 'Metrc synced: no new or changed manifests'
            : `Metrc synced: ${r.created} new and ${r.updated} updated shipments`,
        );
      } else notify.error(r.message ?? 'Metrc could not be synced');
    } catch (err) {
      notify.error(errorMessage(err, 'Metrc could not be synced'));
    }
  };
  const c = connection.data;
  const badge = c?.state ? STATE_BADGE[c.state] : null;
  return (
    <Card className="overflow-hidden" data-testid="metrc-card">
      <div className="grid gap-6 p-5 sm:p-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)] lg:gap-10">
        <div>
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Metrc manifests</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Incoming Metrc transfers of your license become expected shipments to receive by package label.
            Quantics only reads Metrc. The key is stored encrypted and never shown again.
          </p>
        </div>
        <div className="min-w-0 space-y-5">
          {connection.isPending ? (
            <Spinner label="Loading the Metrc connection" />
          ) : c ? (
            c.has_key ? (
              <dl className="grid gap-4 sm:grid-cols-4">
                <div>
                  <dt className="text-xs text-slate-500 dark:text-slate-400">Status</dt>
                  <dd className="mt-1">{badge && <Badge tone={badge.tone}>{badge.label}</Badge>}</dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-xs text-slate-500 dark:text-slate-400">License</dt>
                  <dd className="mt-1 truncate font-mono text-sm text-slate-800 dark:text-slate-200">
                    {c.license_number}
                  </dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-xs text-slate-500 dark:text-slate-400">Received at</dt>
                  <dd className="mt-1 truncate text-sm text-slate-800 dark:text-slate-200">
                    {c.location_name ?? 'Unknown'}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500 dark:text-slate-400">Last sync</dt>
                  <dd className="mt-1 text-sm text-slate-800 dark:text-slate-200">
                    {c.last_sync ? timeFormat.format(new Date(c.last_sync)) : 'Not yet'}
                  </dd>
                </div>
                {c.message && (
                  <p className="text-sm text-slate-600 sm:col-span-4 dark:text-slate-400">{c.message}</p>
                )}
              </dl>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                No Metrc key yet. Add your user API key and license to see incoming manifests as shipments.
              </p>
            )
          ) : (
            <p className="text-sm text-red-600 dark:text-red-400">
              {errorMessage(connection.error, 'Could not load')}
            </p>
          )}
          <form
            onSubmit={submit}
            noValidate
            className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
          >
            <TextField
              label={c?.has_key ? 'Replace Metrc API key' : 'Metrc API key'}
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              error={errors.apiKey}
              hasError={Boolean(errors.apiKey)}
              hint="Your Metrc user API key."
            />
            <TextField
              label="License number"
              autoComplete="off"
              value={license}
              placeholder={c?.license_number ?? 'C10-0000001-LIC'}
              onChange={(e) => setLicense(e.target.value)}
              error={errors.licenseNumber}
              hasError={Boolean(errors.licenseNumber)}
              hint="Metrc checks both before they are saved."
            />
            <div className="flex gap-2 sm:mt-6 sm:items-start">
              <Button type="submit" isLoading={save.isPending}>
                Save key
              </Button>
              {c?.has_key && (
                <Button type="button" variant="secondary" isLoading={sync.isPending} onClick={syncNow}>
                  Sync now
                </Button>
              )}
            </div>
          </form>
        </div>
      </div>
    </Card>
  );
}

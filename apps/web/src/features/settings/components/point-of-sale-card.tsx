import { type FormEvent, useState } from 'react';
import { useAuth } from '@/app/auth-provider';
import { useCan } from '@/app/use-can';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useDutchieConnection, useReplaceDutchieKey } from '../api/dutchie-connection';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const STATE_BADGE = {
  ok: { tone: 'green', label: 'Connected' },
  rate_limited: { tone: 'amber', label: 'Rate limited' },
  unavailable: { tone: 'amber', label: 'Dutchie unavailable' },
  key_refused: { tone: 'red', label: 'Key refused' },
  forbidden: { tone: 'red', label: 'Missing permission' },
} as const;

/** Settings > General, for admins of point-of-sale companies: the Dutchie connection and replacing the key. */
export function PointOfSaleCard() {
  const { user } = useAuth();
  const isAdmin = useCan('admin');
  const isShown = user?.inventory_type === 'dutchie' && isAdmin;
  const connection = useDutchieConnection(isShown);
  const replace = useReplaceDutchieKey();
  const [apiKey, setApiKey] = useState('');
  if (!isShown) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!apiKey.trim()) return notify.error('Dutchie API key is required');
    try {
      const result = await replace.mutateAsync(apiKey.trim());
      setApiKey('');
      if (result.verified) notify.success(result.message);
      else notify.error(result.message);
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to replace the Dutchie API key'));
    }
  };
  const c = connection.data;
  const badge = c ? STATE_BADGE[c.sync.state] : null;
  return (
    <Card className="overflow-hidden" data-testid="point-of-sale-card">
      <div className="grid gap-6 p-5 sm:p-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)] lg:gap-10">
        <div>
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Point of sale</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Inventory comes from your Dutchie point-of-sale. The API key is stored encrypted and never shown
            again.
          </p>
        </div>
        <div className="min-w-0 space-y-5">
          {connection.isPending ? (
            <Spinner label="Loading the Dutchie connection" />
          ) : c ? (
            <dl className="grid gap-4 sm:grid-cols-3">
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Status</dt>
                <dd className="mt-1">{badge && <Badge tone={badge.tone}>{badge.label}</Badge>}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500 dark:text-slate-400">Connected store</dt>
                <dd className="mt-1 truncate text-sm text-slate-800 dark:text-slate-200">
                  {c.location_name ?? 'Unknown'}
                  {c.location_id && <span className="text-slate-500"> · #{c.location_id}</span>}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Last sync</dt>
                <dd className="mt-1 text-sm text-slate-800 dark:text-slate-200">
                  {c.last_sync ? timeFormat.format(new Date(c.last_sync)) : 'Not yet'}
                </dd>
              </div>
              {c.sync.message && (
                <p className="text-sm text-slate-600 sm:col-span-3 dark:text-slate-400">{c.sync.message}</p>
              )}
            </dl>
          ) : (
            <p className="text-sm text-red-600 dark:text-red-400">
              {errorMessage(connection.error, 'Could not load')}
            </p>
          )}
          <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <TextField
                label="Replace API key"
                type="password"
                autoComplete="off"
                value={apiKey}
                onChange={(e) => setApiKey(e.target.value)}
                hint="Dutchie checks the new key before it replaces the old one."
              />
            </div>
            <Button type="submit" isLoading={replace.isPending} className="sm:mb-6">
              Replace key
            </Button>
          </form>
        </div>
      </div>
    </Card>
  );
}

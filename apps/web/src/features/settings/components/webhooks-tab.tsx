import { EVENT_LABELS, EVENT_TYPES, type TEventType, type TWebhook } from '@quantics/contracts';
import { Plus, Send, Trash2, Webhook } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyValue } from '@/components/ui/copy-value';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notify } from '@/lib/toast';
import { ALERT_TEXTS as T } from '../alert-texts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';
import { DeliveryLog } from './webhook-delivery-log';

/** The company's webhook endpoints (admins): add, switch on and off, test, read the delivery log, delete. */
export function WebhooksTab() {
  const webhooks = useWebhooks();
  const [isAdding, setIsAdding] = useState(false);
  const list = webhooks.data?.data ?? [];

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6 dark:border-slate-800">
        <div>
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">{T.webhooksTitle}</h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{T.webhooksDescription}</p>
        </div>
        <Button onClick={() => setIsAdding(true)} className="shrink-0">
          <Plus className="size-4" aria-hidden />
          {T.addWebhook}
        </Button>
      </div>
      {webhooks.isPending ? (
        <Spinner />
      ) : webhooks.isError ? (
        <p className="p-6 text-sm text-red-600 dark:text-red-400">{T.webhooksLoadFailed}</p>
      ) : list.length === 0 ? (
        <EmptyState icon={Webhook} title={T.noWebhooks}>
          {T.noWebhooksBody}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {list.map((w) => (
            <WebhookRow key={w.id} webhook={w} />
          ))}
        </ul>
      )}
      <AddWebhookDialog isOpen={isAdding} onOpenChange={setIsAdding} />
    </Card>
  );
}

function WebhookRow({ webhook: w }: { webhook: TWebhook }) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [isLogOpen, setIsLogOpen] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);

  const run = async (action: () => Promise<unknown>, ok: string, failed: string) => {
    try {
      await action();
      notify.success(ok);
    } catch (err) {
      notify.error(errorMessage(err, failed));
    }
  };

  return (
    <li className="p-5 sm:px-6" data-testid="webhook-row">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p className="truncate font-mono text-sm text-slate-900 dark:text-slate-100" title={w.url}>
              {w.url}
            </p>
            {w.enabled ? (
              <Badge tone="green">{T.enabled}</Badge>
            ) : (
              <Badge tone={w.disabled_reason === 'failing' ? 'red' : 'slate'}>
                {w.disabled_reason === 'failing' ? T.switchedOff : T.disabled}
              </Badge>
            )}
            {w.enabled && w.failing_since && (
              <Badge tone="amber">{T.failingSince(formatDateTime(w.failing_since))}</Badge>
            )}
          </div>
          {!w.enabled && <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">{T.offNote}</p>}
          <div className="mt-2 flex flex-wrap gap-1.5">
            {w.events.map((e) => (
              <span
                key={e}
                className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
              >
                {EVENT_LABELS[e as TEventType] ?? e}
              </span>
            ))}
          </div>
        </div>
        <div className="flex flex-wrap gap-2 lg:shrink-0 lg:justify-end">
          <Button
            variant="secondary"
            size="sm"
            disabled={!w.enabled}
            isLoading={test.isPending}
            onClick={async () => {
              await run(() => test.mutateAsync(w.id), T.testQueued, T.testFailed);
              setIsLogOpen(true);
            }}
          >
            <Send className="size-4" aria-hidden />
            {T.sendTest}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setIsLogOpen(!isLogOpen)}
            aria-expanded={isLogOpen}
          >
            {isLogOpen ? T.hideLog : T.showLog}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            isLoading={update.isPending}
            onClick={() =>
              run(() => update.mutateAsync({ id: w.id, enabled: !w.enabled }), T.updated, T.updateFailed)
            }
          >
            {w.enabled ? T.turnOff : T.turnOn}
          </Button>
          <Button
            variant="danger-ghost"
            size="sm"
            onClick={() => setIsDeleting(true)}
            aria-label={`${T.delete} ${w.url}`}
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      {isLogOpen && <DeliveryLog webhookId={w.id} />}
      <ConfirmDialog
        isOpen={isDeleting}
        onOpenChange={setIsDeleting}
        title={T.deleteTitle}
        description={T.deleteBody(w.url)}
        confirmLabel={T.delete}
        isPending={remove.isPending}
        onConfirm={async () => {
          await run(() => remove.mutateAsync(w.id), T.deleted, T.deleteFailed);
          setIsDeleting(false);
        }}
      />
    </li>
  );
}

function AddWebhookDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (v: boolean) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TEventType[]>(['audit.completed']);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const close = (open: boolean) => {
    onOpenChange(open);
    if (!open) {
      setUrl('');
      setEvents(['audit.completed']);
      setError(null);
      setSecret(null);
    }
  };
  const submit = async () => {
    setError(null);
    try {
      const made = await create.mutateAsync({ url: url.trim(), events });
      setSecret(made.secret);
      notify.success(T.created);
    } catch (err) {
      setError(errorMessage(err, T.createFailed));
    }
  };

  if (secret) {
    return (
      <Dialog isOpen={isOpen} onOpenChange={close} title={T.secretTitle} description={T.secretBody}>
        <CopyValue value={secret} testId="webhook-secret" />
        <div className="mt-6 flex justify-end">
          <Button onClick={() => close(false)}>{T.done}</Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog isOpen={isOpen} onOpenChange={close} title={T.addWebhook}>
      <form
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={T.url} hint={T.urlHint} error={error ?? undefined}>
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              type="url"
              required
              placeholder="https://example.com/quantics-events"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              hasError={error !== null}
            />
          )}
        </Field>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">{T.events}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {EVENT_TYPES.map((type) => (
              <label
                key={type}
                className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={events.includes(type)}
                  onChange={() =>
                    setEvents(events.includes(type) ? events.filter((t) => t !== type) : [...events, type])
                  }
                />
                {EVENT_LABELS[type]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={create.isPending} disabled={events.length === 0}>
            {T.create}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

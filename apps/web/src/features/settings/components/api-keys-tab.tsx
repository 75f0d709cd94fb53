import type { TApiKey } from '@quantics/contracts';
import { BookOpen, KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatTimeAgo } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { API_KEY_TEXTS as T } from '../api-key-texts';
import { CreateApiKeyDialog } from './create-api-key-dialog';

/** The company's API keys (admins): create one (shown once), see each one's scopes and last use, revoke it. */
export function ApiKeysTab() {
  const keys = useApiKeys();
  const [isCreating, setIsCreating] = useState(false);
  const list = keys.data?.data ?? [];

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6 dark:border-slate-800">
        <div>
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">{T.title}</h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">{T.description}</p>
          <a
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
            className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            <BookOpen className="size-4" aria-hidden />
            {T.docsLink}
          </a>
        </div>
        <Button onClick={() => setIsCreating(true)} className="shrink-0">
          <Plus className="size-4" aria-hidden />
          {T.create}
        </Button>
      </div>
      {keys.isPending ? (
        <Spinner label="Loading API keys" />
      ) : keys.isError ? (
        <LoadError
          title={T.loadFailed}
          error={keys.error}
          onRetry={() => keys.refetch()}
          isRetrying={keys.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState icon={KeyRound} title={T.none}>
          {T.noneBody}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={T.title}>
          {list.map((k) => (
            <ApiKeyRow key={k.id} apiKey={k} />
          ))}
        </ul>
      )}
      <CreateApiKeyDialog isOpen={isCreating} onOpenChange={setIsCreating} />
    </Card>
  );
}

function ApiKeyRow({ apiKey: k }: { apiKey: TApiKey }) {
  const revoke = useRevokeApiKey();
  const [isConfirming, setIsConfirming] = useState(false);
  const isRevoked = k.revoked_at !== null;

  return (
    <li className="p-5 sm:px-6" data-testid="api-key-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p
              className={
                isRevoked
                  ? 'font-medium text-slate-500 dark:text-slate-400'
                  : 'font-medium text-slate-900 dark:text-slate-100'
              }
            >
              {k.name}
            </p>
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              {k.prefix}…
            </code>
            {isRevoked ? <Badge tone="red">{T.revoked}</Badge> : <Badge tone="green">{T.active}</Badge>}
          </div>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={T.scopes}>
            {k.scopes.map((s) => (
              <li
                key={s}
                className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
              >
                {s}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            <span title={formatDateTime(k.created_at)}>
              {T.createdOn(formatTimeAgo(k.created_at), k.created_by)}
            </span>
            {' · '}
            {k.last_used_at ? (
              <span title={formatDateTime(k.last_used_at)}>{T.lastUsed(formatTimeAgo(k.last_used_at))}</span>
            ) : (
              T.neverUsed
            )}
            {k.revoked_at && (
              <>
                {' · '}
                <span title={formatDateTime(k.revoked_at)}>{T.revokedOn(formatTimeAgo(k.revoked_at))}</span>
              </>
            )}
          </p>
        </div>
        {!isRevoked && (
          <Button
            variant="danger-ghost"
            size="sm"
            className="self-start"
            onClick={() => setIsConfirming(true)}
            aria-label={`${T.revoke} ${k.name}`}
          >
            {T.revoke}
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title={T.revokeTitle}
        description={T.revokeBody(k.name)}
        confirmLabel={T.revoke}
        isPending={revoke.isPending}
        onConfirm={async () => {
          try {
            await revoke.mutateAsync(k.id);
            notify.success(T.revokedToast);
            setIsConfirming(false);
          } catch (err) {
            notify.error(errorMessage(err, T.revokeFailed));
          }
        }}
      />
    </li>
  );
}

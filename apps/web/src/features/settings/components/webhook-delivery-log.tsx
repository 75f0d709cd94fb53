import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatDateTime } from '@/lib/format';
import { ALERT_TEXTS as T } from '../alert-texts';
import { useWebhookDeliveries } from '../api/webhooks';

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** Each attempt: when, the event, delivered or not, the answer's code, how long it took, and the body sent. */
export function DeliveryLog({ webhookId }: { webhookId: number }) {
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(webhookId, page);
  if (log.isPending) return <Spinner />;
  if (log.isError)
    return <p className="mt-4 text-sm text-red-600 dark:text-red-400">{T.deliveriesLoadFailed}</p>;
  const rows = log.data.data;
  if (rows.length === 0)
    return <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{T.noDeliveries}</p>;
  return (
    <div className="mt-4 overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
      <ul className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="delivery-log">
        {rows.map((d) => (
          <li key={d.id}>
            <details className="group">
              <summary className="grid cursor-pointer grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-3 py-2.5 text-sm hover:bg-slate-50 sm:grid-cols-[11rem_1fr_auto_5rem_4rem] dark:hover:bg-slate-800/60">
                <span className="text-slate-500 dark:text-slate-400">{formatDateTime(d.attempted_at)}</span>
                <span className="font-mono text-xs text-slate-800 sm:order-none dark:text-slate-200">
                  {d.type}
                </span>
                <span>
                  <Badge tone={d.status === 'success' ? 'green' : 'red'}>
                    {d.status === 'success' ? T.success : T.failure}
                  </Badge>
                </span>
                <span
                  className="font-mono text-xs text-slate-700 dark:text-slate-300"
                  title={d.error ?? undefined}
                >
                  {d.response_code ?? T.noAnswer}
                </span>
                <span className="text-right text-xs text-slate-500 tabular-nums dark:text-slate-400">
                  {d.duration_ms} ms
                </span>
              </summary>
              <div className="bg-slate-50 px-3 py-3 dark:bg-slate-900/60">
                {d.error && <p className="mb-2 text-xs text-red-600 dark:text-red-400">{d.error}</p>}
                <p className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-400">{T.bodySent}</p>
                <pre className="max-h-64 overflow-auto rounded-md bg-white p-3 text-xs text-slate-800 dark:bg-slate-950 dark:text-slate-200">
                  {pretty(d.body)}
                </pre>
              </div>
            </details>
          </li>
        ))}
      </ul>
      {log.data.pagination.totalPages > 1 && (
        <div className="flex items-center justify-between border-t border-slate-200 px-3 py-2 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <span>
            Page {formatCount(page)} of {log.data.pagination.totalPages}
          </span>
          <span className="flex gap-2">
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={!log.data.pagination.hasNext}
              onClick={() => setPage(page + 1)}
            >
              Older
            </Button>
          </span>
        </div>
      )}
    </div>
  );
}

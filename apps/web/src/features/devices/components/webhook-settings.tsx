import {
  FIXED_READER_INTERFACE_LABELS,
  type TFixedReaderInterface,
  type TWebhookSettings,
} from '@quantics/contracts';
import { Copy, KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';
import { FIXED_TEXTS } from '../fixed-reader-texts';
import { READER_CONSOLE_STEPS } from '../reader-console-steps';

async function copy(label: string, value: string) {
  try {
    await navigator.clipboard.writeText(value);
    notify.success(FIXED_TEXTS.copied(label));
  } catch {
    notify.error(FIXED_TEXTS.copyFailed);
  }
}

/**
 * What to type into the reader, each with a copy button (the password is shown this once), and where in its
 * interface's web console.
 */
export function WebhookSettings({
  webhook,
  iface,
}: {
  webhook: TWebhookSettings;
  iface: TFixedReaderInterface | null;
}) {
  const steps = READER_CONSOLE_STEPS[iface ?? 'impinj-iot'];
  const rows = [
    { label: 'URL', value: webhook.url },
    { label: 'Username', value: webhook.username },
    { label: 'Password', value: webhook.password },
  ];
  return (
    <section aria-label={FIXED_TEXTS.settingsTitle} className="space-y-3" data-testid="webhook-settings">
      <div className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
        <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>{FIXED_TEXTS.settingsHelp}</p>
      </div>
      <dl className="space-y-2">
        {rows.map((row) => (
          <div key={row.label} className="rounded-lg border border-slate-200 p-2.5 dark:border-slate-700">
            <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{row.label}</dt>
            <dd className="mt-1 flex items-center gap-2">
              <code
                className="min-w-0 flex-1 font-mono text-sm break-all text-slate-900 select-all dark:text-slate-100"
                data-testid={`webhook-${row.label.toLowerCase()}`}
              >
                {row.value}
              </code>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => copy(row.label, row.value)}
                aria-label={`Copy ${row.label.toLowerCase()}`}
              >
                <Copy className="size-4" aria-hidden />
              </Button>
            </dd>
          </div>
        ))}
      </dl>
      <div data-testid="reader-console-steps">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          {FIXED_TEXTS.stepsTitle}: {FIXED_READER_INTERFACE_LABELS[iface ?? 'impinj-iot']}
        </h3>
        <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-slate-600 dark:text-slate-300">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
    </section>
  );
}

import { formatManualEntryKey, type TTwoFactorSetupResponse } from '@quantics/contracts';
import { Check, Copy } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { notify } from '@/lib/toast';
import { postTwoFactorVerify } from '../api/two-factor-verify';
import { SETTINGS_TEXTS } from '../settings-texts';

type Props = {
  /** The pending secret; the dialog is open while it is set. */
  setup: TTwoFactorSetupResponse | null;
  onClose: () => void;
  onEnabled: (backupCodes: string[]) => void;
};

export function SetupTwoFactorDialog({ setup, onClose, onEnabled }: Props) {
  return (
    <Dialog
      isOpen={setup !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Set up two-factor authentication"
      description="Link an authenticator app to your account, then confirm with the code it shows."
      size="lg"
    >
      {/* Keyed by the secret so each setup starts with an empty code. */}
      {setup && <SetupSteps key={setup.manualEntryKey} setup={setup} onEnabled={onEnabled} />}
    </Dialog>
  );
}

function SetupSteps({ setup, onEnabled }: { setup: TTwoFactorSetupResponse; onEnabled: Props['onEnabled'] }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const [isCopied, setIsCopied] = useState(false);

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(setup.manualEntryKey);
      setIsCopied(true);
      notify.success(SETTINGS_TEXTS.keyCopied);
    } catch {
      notify.error(SETTINGS_TEXTS.copyFailed);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(SETTINGS_TEXTS.codeFormat);
      return;
    }
    setError(undefined);
    setIsBusy(true);
    try {
      const res = await postTwoFactorVerify({ code });
      onEnabled(res.backupCodes);
    } catch (err) {
      notify.error(errorMessage(err, SETTINGS_TEXTS.invalidVerificationCode));
      setCode('');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <ol className="space-y-6">
        <Step n={1} title="Scan this QR code with your authenticator app">
          <div className="mt-3 inline-block rounded-xl border border-slate-200 bg-white p-2 dark:border-slate-700">
            <img
              src={setup.qrCode}
              alt="QR code for your authenticator app"
              width={180}
              height={180}
              className="size-[180px]"
            />
          </div>
        </Step>
        <Step n={2} title="Can't scan it? Type this setup key instead">
          <div className="mt-3 flex items-stretch gap-2">
            <code
              className="flex min-w-0 flex-1 items-center rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm tracking-wider break-all text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
              data-testid="manual-entry-key"
            >
              {formatManualEntryKey(setup.manualEntryKey)}
            </code>
            <Button variant="secondary" onClick={copyKey} aria-label="Copy setup key" className="h-auto">
              {isCopied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            </Button>
          </div>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            Choose a time-based key; the account name can be anything that reminds you of Quantics.
          </p>
        </Step>
        <Step n={3} title="Enter the 6-digit code the app shows">
          <div className="mt-3 max-w-52">
            <Field label="Verification code" error={error}>
              {(id, describedBy) => (
                <Input
                  id={id}
                  aria-describedby={describedBy}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder="000000"
                  className="text-center font-mono text-lg tracking-[0.4em]"
                  hasError={!!error}
                />
              )}
            </Field>
          </div>
        </Step>
      </ol>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end dark:border-slate-800">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" isLoading={isBusy} disabled={code.length !== 6}>
          Verify and enable
        </Button>
      </div>
    </form>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
        aria-hidden
      >
        {formatCount(n)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{title}</p>
        {children}
      </div>
    </li>
  );
}

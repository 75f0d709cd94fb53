import type { TTwoFactorSetupResponse } from '@quantics/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, KeyRound, ShieldAlert, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { useToastOnError } from '@/lib/use-toast-on-error';
import { postTwoFactorSetup } from '../api/two-factor-setup';
import { useTwoFactorStatus } from '../api/two-factor-status';
import { SETTINGS_TEXTS } from '../settings-texts';
import { BackupCodesDialog } from './backup-codes-dialog';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog';
import { RegenerateCodesDialog } from './regenerate-codes-dialog';
import { SettingsSection } from './settings-section';
import { SetupTwoFactorDialog } from './setup-two-factor-dialog';

const LOW_CODES = 3;

export function TwoFactorCard() {
  const queryClient = useQueryClient();
  const status = useTwoFactorStatus();
  useToastOnError(status.error, SETTINGS_TEXTS.loadStatusFailed);
  const [setup, setSetup] = useState<TTwoFactorSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [openDialog, setOpenDialog] = useState<'disable' | 'regenerate' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.twoFactorStatus });

  const startSetup = useMutation({
    mutationFn: postTwoFactorSetup,
    onSuccess: setSetup,
    onError: (err) => notify.error(errorMessage(err, SETTINGS_TEXTS.setupFailed)),
  });

  const showCodes = (fresh: string[]) => {
    setCodes(fresh);
    void refresh();
  };

  let body: ReactNode;
  if (status.isPending) {
    body = <Spinner label="Loading two-factor status" />;
  } else if (status.isError) {
    body = (
      <EmptyState
        icon={CircleAlert}
        title={SETTINGS_TEXTS.loadStatusFailed}
        action={
          <Button variant="secondary" onClick={() => status.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (status.data.enabled) {
    const left = status.data.backupCodesCount;
    body = (
      <div className="space-y-5">
        <StatusLine isOn />
        <div
          className={cn(
            'flex items-start gap-3 rounded-lg border p-4 text-sm',
            left <= LOW_CODES
              ? 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200'
              : 'border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300',
          )}
        >
          <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p data-testid="backup-codes-left">
            <span className="font-semibold">{formatCount(left)} of 10 backup codes left.</span>{' '}
            {left <= LOW_CODES
              ? 'Generate new ones before you run out.'
              : 'Each one signs you in once if you lose your phone.'}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" onClick={() => setOpenDialog('regenerate')}>
            Regenerate backup codes
          </Button>
          <Button variant="danger-ghost" onClick={() => setOpenDialog('disable')}>
            Disable two-factor
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="space-y-5">
        <StatusLine isOn={false} />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          With two-factor on, signing in takes your password and a 6-digit code from an authenticator app on
          your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy and the like), so a
          stolen password alone can't get into your account.
        </p>
        <Button onClick={() => startSetup.mutate()} isLoading={startSetup.isPending}>
          Enable two-factor
        </Button>
      </div>
    );
  }

  return (
    <>
      <SettingsSection
        title="Two-factor authentication"
        description="A second step at sign-in: a code from your phone, or one of your backup codes."
      >
        {body}
      </SettingsSection>
      <SetupTwoFactorDialog
        setup={setup}
        onClose={() => setSetup(null)}
        onEnabled={(fresh) => {
          setSetup(null);
          notify.success(SETTINGS_TEXTS.enabled);
          showCodes(fresh);
        }}
      />
      <BackupCodesDialog
        codes={codes}
        onClose={() => {
          setCodes(null);
          // Only now (the codes are written down): a company that requires two-factor opens the app again.
          void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        }}
      />
      <DisableTwoFactorDialog
        isOpen={openDialog === 'disable'}
        onOpenChange={(isOpen) => setOpenDialog(isOpen ? 'disable' : null)}
        onDisabled={() => {
          setOpenDialog(null);
          notify.success(SETTINGS_TEXTS.disabled);
          void refresh();
          void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        }}
      />
      <RegenerateCodesDialog
        isOpen={openDialog === 'regenerate'}
        onOpenChange={(isOpen) => setOpenDialog(isOpen ? 'regenerate' : null)}
        onRegenerated={(fresh) => {
          setOpenDialog(null);
          notify.success(SETTINGS_TEXTS.codesRegenerated);
          showCodes(fresh);
        }}
      />
    </>
  );
}

function StatusLine({ isOn }: { isOn: boolean }) {
  const Icon = isOn ? ShieldCheck : ShieldAlert;
  return (
    <div className="flex items-center gap-3">
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          isOn
            ? 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400'
            : 'bg-amber-50 text-amber-600 dark:bg-amber-500/10 dark:text-amber-400',
        )}
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {isOn ? 'Two-factor authentication is on' : 'Two-factor authentication is off'}
        </p>
        <Badge tone={isOn ? 'green' : 'amber'} hasDot className="mt-1">
          {isOn ? 'Enabled' : 'Disabled'}
        </Badge>
      </div>
    </div>
  );
}

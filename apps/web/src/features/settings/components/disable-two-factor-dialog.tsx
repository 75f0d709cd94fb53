import { zodResolver } from '@hookform/resolvers/zod';
import { type TDisableTwoFactorRequest, ZDisableTwoFactorRequest } from '@quantics/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { postTwoFactorDisable } from '../api/two-factor-disable';
import { SETTINGS_TEXTS } from '../settings-texts';

type Props = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void; onDisabled: () => void };

/** Turning two-factor off asks for the password (and takes a code when one is given). */
export function DisableTwoFactorDialog({ isOpen, onOpenChange, onDisabled }: Props) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Disable two-factor authentication"
      description="Signing in will take only your password again, and your backup codes stop working."
    >
      {isOpen && <DisableForm onDisabled={onDisabled} />}
    </Dialog>
  );
}

function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const form = useForm<TDisableTwoFactorRequest>({
    resolver: zodResolver(ZDisableTwoFactorRequest),
    defaultValues: { password: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password, code }) => {
    try {
      await postTwoFactorDisable({ password, ...(code ? { code } : {}) });
      onDisabled();
    } catch (err) {
      notify.error(errorMessage(err, SETTINGS_TEXTS.disableFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        label="Password"
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        autoFocus
        {...form.register('password')}
      />
      <TextField
        label="Authentication code (optional)"
        error={errors.code?.message}
        autoComplete="one-time-code"
        placeholder="6-digit or backup code"
        hint="A code from your app or one of your backup codes, for extra certainty."
        {...form.register('code')}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger" isLoading={isSubmitting}>
          Disable two-factor
        </Button>
      </div>
    </form>
  );
}

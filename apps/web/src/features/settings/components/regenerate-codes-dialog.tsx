import { zodResolver } from '@hookform/resolvers/zod';
import { type TRegenerateBackupCodesRequest, ZRegenerateBackupCodesRequest } from '@quantics/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { postRegenerateBackupCodes } from '../api/regenerate-backup-codes';
import { SETTINGS_TEXTS } from '../settings-texts';

type Props = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onRegenerated: (codes: string[]) => void;
};

export function RegenerateCodesDialog({ isOpen, onOpenChange, onRegenerated }: Props) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Regenerate backup codes"
      description="You get ten new codes. Every old code, used or not, stops working right away."
    >
      {isOpen && <RegenerateForm onRegenerated={onRegenerated} />}
    </Dialog>
  );
}

function RegenerateForm({ onRegenerated }: { onRegenerated: Props['onRegenerated'] }) {
  const form = useForm<TRegenerateBackupCodesRequest>({
    resolver: zodResolver(ZRegenerateBackupCodesRequest),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await postRegenerateBackupCodes(values);
      onRegenerated(res.backupCodes);
    } catch (err) {
      notify.error(errorMessage(err, SETTINGS_TEXTS.regenerateFailed));
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
        hint="Confirm it's you."
        {...form.register('password')}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" isLoading={isSubmitting}>
          Generate new codes
        </Button>
      </div>
    </form>
  );
}

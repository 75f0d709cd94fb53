import { zodResolver } from '@hookform/resolvers/zod';
import { type TChangePasswordForm, ZChangePasswordForm } from '@quantics/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { putPassword } from '../api/change-password';
import { SETTINGS_TEXTS } from '../settings-texts';
import { SettingsSection } from './settings-section';

const EMPTY: TChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordCard() {
  const queryClient = useQueryClient();
  const form = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await putPassword({ currentPassword, newPassword });
      form.reset(EMPTY);
      notify.success(SETTINGS_TEXTS.passwordChanged);
      // Every other session was just signed out.
      void queryClient.invalidateQueries({ queryKey: queryKeys.settings.sessions });
    } catch (err) {
      notify.error(errorMessage(err, SETTINGS_TEXTS.changePasswordFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <SettingsSection
        title="Change password"
        description="At least 8 characters. Every other device signed in to your account is signed out; this one stays signed in."
        footer={
          <Button type="submit" isLoading={isSubmitting}>
            Update password
          </Button>
        }
      >
        <div className="grid max-w-md gap-5">
          <TextField
            label="Current password"
            error={errors.currentPassword?.message}
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
          <TextField
            label="New password"
            error={errors.newPassword?.message}
            type="password"
            autoComplete="new-password"
            {...form.register('newPassword')}
          />
          <TextField
            label="Confirm new password"
            error={errors.confirmPassword?.message}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        </div>
      </SettingsSection>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type TProfile, type TUpdateProfileRequest, ZUpdateProfileRequest } from '@quantics/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Lock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { useToastOnError } from '@/lib/use-toast-on-error';
import { putProfile, useProfile } from '../api/profile';
import { SETTINGS_TEXTS } from '../settings-texts';
import { SettingsSection } from './settings-section';

export function GeneralTab() {
  const profile = useProfile();
  useToastOnError(profile.error, SETTINGS_TEXTS.loadProfileFailed);
  if (profile.isPending) {
    return (
      <Card>
        <Spinner label="Loading profile" />
      </Card>
    );
  }
  if (profile.isError) {
    return (
      <Card>
        <EmptyState
          icon={CircleAlert}
          title={SETTINGS_TEXTS.loadProfileFailed}
          action={
            <Button variant="secondary" onClick={() => profile.refetch()}>
              Try again
            </Button>
          }
        >
          Check your connection and try again.
        </EmptyState>
      </Card>
    );
  }
  // Keyed so the form starts from what the server has after each save.
  const { name, email, phone, company } = profile.data;
  return <ProfileForm key={JSON.stringify([name, email, phone, company])} profile={profile.data} />;
}

function ProfileForm({ profile }: { profile: TProfile }) {
  const queryClient = useQueryClient();
  const form = useForm<TUpdateProfileRequest>({
    resolver: zodResolver(ZUpdateProfileRequest),
    defaultValues: {
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      company: profile.company,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await putProfile({
        ...values,
        // Only admins may rename the company; everyone else sends back what they were shown.
        company: profile.canEditCompany ? values.company : profile.company,
      });
      queryClient.setQueryData(queryKeys.settings.profile, saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
      notify.success(SETTINGS_TEXTS.profileUpdated);
    } catch (err) {
      notify.error(errorMessage(err, SETTINGS_TEXTS.updateProfileFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <SettingsSection
        title="Profile"
        description="How you appear to your team, and the email you sign in with."
        footer={
          <>
            <Button variant="ghost" disabled={!isDirty || isSubmitting} onClick={() => form.reset()}>
              Discard changes
            </Button>
            <Button type="submit" isLoading={isSubmitting}>
              Save changes
            </Button>
          </>
        }
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Full name"
            error={errors.name?.message}
            autoComplete="name"
            placeholder="Your full name"
            {...form.register('name')}
          />
          <TextField
            label="Email"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            hint="You sign in with this address."
            {...form.register('email')}
          />
          <TextField
            label="Phone"
            error={errors.phone?.message}
            type="tel"
            autoComplete="tel"
            placeholder="+1 (555) 010-2000"
            {...form.register('phone')}
          />
          {profile.canEditCompany ? (
            <TextField
              label="Company"
              error={errors.company?.message}
              autoComplete="organization"
              hint="Renames the company for everyone in it."
              {...form.register('company')}
            />
          ) : (
            <TextField
              label="Company"
              value={profile.company}
              readOnly
              aria-readonly
              className="cursor-default bg-slate-50 text-slate-600 dark:bg-slate-800/60 dark:text-slate-400"
              hint={
                <span className="inline-flex items-center gap-1">
                  <Lock className="size-3" aria-hidden />
                  Only admins can change the company name.
                </span>
              }
            />
          )}
        </div>
      </SettingsSection>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type TAcceptInviteForm, type TInviteInfo, ZAcceptInviteForm } from '@quantics/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';

/** A new person's account: the invited email (fixed), their name and a password. */
export function AcceptInviteForm({
  info,
  onSubmit,
}: {
  info: TInviteInfo;
  onSubmit: (values: TAcceptInviteForm) => Promise<void>;
}) {
  const form = useForm<TAcceptInviteForm>({
    resolver: zodResolver(ZAcceptInviteForm),
    defaultValues: { name: info.name ?? '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <TextField label="Email" type="email" value={info.email} readOnly disabled />
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" isLoading={isSubmitting}>
        Accept & create account
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type TRegisterForm, ZRegisterForm } from '@quantics/contracts';
import { Info } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '@/app/auth-provider';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { notify } from '@/lib/toast';
import { postRegister } from '../api/auth-api';

export function RegisterPage() {
  usePageTitle('Register');
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const form = useForm<TRegisterForm>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: {
      email: '',
      company: '',
      password: '',
      confirmPassword: '',
      useDutchie: false,
      dutchieApiKey: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const useDutchie = form.watch('useDutchie');

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    try {
      const res = await postRegister({
        ...values,
        dutchieApiKey: values.useDutchie ? values.dutchieApiKey : '',
      });
      signIn(res.token, res.user);
      notify.success('Account created successfully!');
      navigate('/dashboard', { replace: true });
    } catch (err) {
      notify.error(errorMessage(err, 'Registration failed'));
    }
  });

  return (
    <AuthLayout title="Create your account" subtitle="Start managing your RFID inventory">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField
          label="Email"
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...form.register('email')}
        />
        <TextField
          label="Company (optional)"
          error={errors.company?.message}
          autoComplete="organization"
          placeholder="Acme Warehousing"
          {...form.register('company')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Password"
            error={errors.password?.message}
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
          />
          <TextField
            label="Confirm password"
            error={errors.confirmPassword?.message}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        </div>
        <label className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            {...form.register('useDutchie')}
          />
          <span>
            <span className="font-medium text-slate-900">Use Dutchie Integration</span>
            <span className="block text-slate-500">
              Connect your Dutchie point-of-sale as the inventory source.
            </span>
          </span>
        </label>
        {useDutchie && (
          <div className="space-y-4 rounded-lg border border-amber-200 bg-amber-50 p-4">
            <p className="flex gap-2 text-sm text-amber-900">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                Your entire company will use Dutchie inventory: the live inventory from your point-of-sale is
                shown instead of a local catalogue. This cannot be changed after registration.
              </span>
            </p>
            <TextField
              label="Dutchie API Key"
              error={errors.dutchieApiKey?.message}
              type="password"
              autoComplete="off"
              {...form.register('dutchieApiKey')}
            />
          </div>
        )}
        <Button type="submit" className="w-full" size="lg" isLoading={isSubmitting}>
          Create account
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand-600 hover:text-brand-700">
            Sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { RESET_REDIRECT_MS, type TResetPasswordForm, ZResetPasswordForm } from '@quantics/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { notify } from '@/lib/toast';
import { postResetPassword } from '../api/reset-password';
import { RESET_TEXTS } from '../password-reset-texts';

const loginLink = 'font-medium text-brand-600 hover:text-brand-700';

export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [isDone, setIsDone] = useState(false);
  const form = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isDone, navigate]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) {
      notify.error(RESET_TEXTS.missingTokenOnSubmit);
      return;
    }
    try {
      await postResetPassword({ token, password });
      setIsDone(true);
    } catch (err) {
      notify.error(errorMessage(err, RESET_TEXTS.failed));
    }
  });

  if (isDone) {
    return (
      <AuthLayout
        title="Choose a new password"
        subtitle="You'll use it to sign in to your RFID Management Portal."
      >
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" role="status">
          <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
            <CircleCheck className="size-6" aria-hidden />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">{RESET_TEXTS.success}</h2>
          <p className="mt-2 text-sm text-slate-600">
            Sign in with your new password. For your security, every device that was signed in has been signed
            out. Taking you to the login page in 3 seconds…
          </p>
          <Link
            to="/login"
            replace
            className="mt-6 inline-flex h-10 w-full items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
          >
            {RESET_TEXTS.goToLoginNow}
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="You'll use it to sign in to your RFID Management Portal."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {token ? (
          <p className="text-sm text-slate-600">
            Use at least 8 characters. A few words strung together work well.
          </p>
        ) : (
          <div
            role="alert"
            className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          >
            <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
            <div>
              <p className="font-medium">{RESET_TEXTS.missingTokenOnLoad}</p>
              <p className="mt-1 text-red-700">
                Open the link from your email again, or{' '}
                <Link to="/forgot-password" className="font-medium underline underline-offset-2">
                  request a new one
                </Link>
                .
              </p>
            </div>
          </div>
        )}
        <TextField
          label="New password"
          error={errors.password?.message}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
        <TextField
          label="Confirm new password"
          error={errors.confirmPassword?.message}
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
        <Button type="submit" className="w-full" size="lg" isLoading={isSubmitting} disabled={!token}>
          Reset password
        </Button>
        <p className="text-center text-sm text-slate-600">
          Remembered it?{' '}
          <Link to="/login" className={loginLink}>
            {RESET_TEXTS.backToLogin}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}

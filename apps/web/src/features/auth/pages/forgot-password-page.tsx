import { zodResolver } from '@hookform/resolvers/zod';
import { type TForgotPasswordRequest, ZForgotPasswordRequest } from '@quantics/contracts';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { usePageTitle } from '@/lib/page-title';
import { postForgotPassword } from '../api/forgot-password';
import { RESET_TEXTS } from '../password-reset-texts';

const backLink = (
  <Link
    to="/login"
    className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-600 hover:text-brand-700"
  >
    <ArrowLeft className="size-4" aria-hidden />
    {RESET_TEXTS.backToLogin}
  </Link>
);

export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<TForgotPasswordRequest>({
    resolver: zodResolver(ZForgotPasswordRequest),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await postForgotPassword({ email });
    } catch {
      // Swallowed on purpose: the confirmation shows either way, so the form never reveals who has an account.
    }
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <AuthLayout
        title="Forgot your password?"
        subtitle="We'll help you back into your RFID Management Portal."
      >
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" role="status">
          <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
            <MailCheck className="size-6" aria-hidden />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">{RESET_TEXTS.checkEmail}</h2>
          <p className="mt-2 text-sm text-slate-600">
            If an account exists for{' '}
            <strong className="font-semibold text-slate-900 break-all">{sentTo}</strong>, we&apos;ve sent it a
            link to choose a new password.
          </p>
          <ul className="mt-4 space-y-2 text-sm text-slate-600">
            <li>Don&apos;t see it within a few minutes? Check your spam or junk folder.</li>
            <li>The link expires in 1 hour and works only once.</li>
          </ul>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Button
              variant="secondary"
              onClick={() => {
                form.reset({ email: '' });
                setSentTo(null);
              }}
            >
              {RESET_TEXTS.tryAnotherEmail}
            </Button>
            {backLink}
          </div>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you sign in with and we'll send you a link to choose a new password."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField
          label="Email"
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          autoFocus
          placeholder="you@company.com"
          {...form.register('email')}
        />
        <Button type="submit" className="w-full" size="lg" isLoading={isSubmitting}>
          Send reset link
        </Button>
        <p className="text-center">{backLink}</p>
      </form>
    </AuthLayout>
  );
}

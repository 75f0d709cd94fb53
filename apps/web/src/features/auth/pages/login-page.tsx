import { zodResolver } from '@hookform/resolvers/zod';
import { type TLoginRequest, ZLoginRequest } from '@quantics/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '@/app/auth-provider';
import { AuthLayout } from '@/components/layout/auth-layout';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { AUTH_TEXTS } from '@/lib/messages';
import { usePageTitle } from '@/lib/page-title';
import { safeNextPath } from '@/lib/safe-next';
import { notify } from '@/lib/toast';
import { postLogin } from '../api/auth-api';
import { TwoFactorStep } from '../components/two-factor-step';

export function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const { signIn } = useAuth();
  // Where to go after signing in: a same-site page that sent the person here (an invitation), else the dashboard.
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next')) ?? '/dashboard';
  // Held only while the code step is showing; no token is stored until two-factor passes.
  const [held, setHeld] = useState<TLoginRequest | null>(null);
  const [isCodeStep, setIsCodeStep] = useState(false);
  const form = useForm<TLoginRequest>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const finish = async (body: TLoginRequest) => {
    const res = await postLogin(body);
    if (res.requiresTwoFactor || !res.token || !res.user) return false;
    signIn(res.token, res.user);
    notify.success('Logged in successfully!');
    navigate(next, { replace: true });
    return true;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const isDone = await finish(values);
      if (!isDone) {
        setHeld(values);
        setIsCodeStep(true);
      }
    } catch (err) {
      notify.error(errorMessage(err, AUTH_TEXTS.invalidCredentials));
    }
  });

  const backToLogin = () => {
    setHeld(null);
    setIsCodeStep(false);
  };

  if (isCodeStep) {
    return (
      <AuthLayout title="Two-factor verification" subtitle="Sign in to your RFID Management Portal">
        <TwoFactorStep
          onBack={backToLogin}
          onVerify={async (code) => {
            if (!held) {
              notify.error('Session expired. Please login again.');
              backToLogin();
              return true;
            }
            try {
              return await finish({ ...held, twoFactorCode: code });
            } catch (err) {
              // The held password stopped working (changed or reset meanwhile): start over, as when it is lost.
              if (err instanceof ApiError && err.message === AUTH_TEXTS.invalidCredentials) {
                notify.error('Session expired. Please login again.');
                backToLogin();
                return true;
              }
              throw err;
            }
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Welcome Back" subtitle="Sign in to your RFID Management Portal">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <h2 className="sr-only">Login</h2>
        <TextField
          label="Email"
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...form.register('email')}
        />
        <TextField
          label="Password"
          error={errors.password?.message}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2 text-slate-700">
            <input type="checkbox" className="size-4 rounded border-slate-300 accent-brand-600" />
            Remember me
          </label>
          <Link to="/forgot-password" className="font-medium text-brand-600 hover:text-brand-700">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" size="lg" isLoading={isSubmitting}>
          Sign in
        </Button>
        <p className="text-center text-sm text-slate-600">
          Don&apos;t have an account?{' '}
          <Link to="/register" className="font-medium text-brand-600 hover:text-brand-700">
            Create one
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}

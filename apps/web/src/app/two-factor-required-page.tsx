import { LogOut, ShieldAlert } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/ui/logo';
import { TwoFactorCard } from '@/features/settings/components/two-factor-card';
import { usePageTitle } from '@/lib/page-title';
import { useAuth } from './auth-provider';
import { CompanySwitcher } from './shell/company-switcher';

const STEPS = [
  'Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy...).',
  'Choose Enable two-factor below and scan the QR code with the app.',
  'Enter the 6-digit code the app shows, then keep your backup codes somewhere safe.',
];

/**
 * All a person sees while their company requires two-factor and they have not set it up: why, how, the setup
 * itself, and the ways out (another company that does not require it, or signing out).
 */
export function TwoFactorRequiredPage() {
  usePageTitle('Set up two-factor authentication');
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  const onSignOut = async () => {
    await signOut();
    navigate('/login', { replace: true });
  };
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Logo className="text-slate-900 dark:text-slate-100" />
          <div className="flex min-w-0 items-center gap-2">
            <div className="hidden w-56 sm:block">
              <CompanySwitcher currentCompany={user.company} />
            </div>
            <Button variant="ghost" onClick={onSignOut}>
              <LogOut className="size-4" aria-hidden />
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <section
          className="rounded-xl border border-amber-200 bg-amber-50 p-5 sm:p-6 dark:border-amber-500/30 dark:bg-amber-500/10"
          aria-labelledby="two-factor-required-title"
        >
          <div className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700 dark:bg-amber-500/20 dark:text-amber-300">
              <ShieldAlert className="size-5" aria-hidden />
            </span>
            <div className="min-w-0 space-y-3">
              <h1
                id="two-factor-required-title"
                className="text-lg font-semibold text-amber-950 dark:text-amber-100"
              >
                {user.company} requires two-factor authentication
              </h1>
              <p className="text-sm text-amber-900 dark:text-amber-200">
                Everyone in {user.company} signs in with a password and a code from their phone. Set it up to
                continue; it takes about a minute. Signed in as{' '}
                <span className="font-medium break-all">{user.email}</span>.
              </p>
              <ol className="list-decimal space-y-1 pl-5 text-sm text-amber-900 dark:text-amber-200">
                {STEPS.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </div>
          </div>
        </section>
        <TwoFactorCard />
        <div className="sm:hidden">
          <CompanySwitcher currentCompany={user.company} />
        </div>
      </main>
    </div>
  );
}

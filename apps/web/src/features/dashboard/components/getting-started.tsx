import { menuFor, type TUser } from '@quantics/contracts';
import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useCompleteOnboarding, useOnboardingStatus } from '../api/onboarding';
import { WORKFLOW } from './workflow';

/** A first-run guide through the four steps; dismissed once per person, kept on the server. */
export function GettingStarted({ user }: { user: TUser }) {
  const status = useOnboardingStatus();
  const complete = useCompleteOnboarding();
  if (!status.data || status.data.completed) return null;
  const allowed = new Set(menuFor(user.role, user.inventory_type).map((m) => m.key));

  const dismiss = () =>
    complete.mutate(undefined, {
      onError: (err) => notify.error(errorMessage(err, 'Failed to save your progress')),
    });

  return (
    <Card className="mb-6 overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-slate-200 bg-gradient-to-r from-brand-50 to-white p-5 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:from-brand-500/10 dark:to-slate-900">
        <div className="flex items-start gap-3">
          <Sparkles className="mt-0.5 size-5 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
          <div>
            <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">
              Get started with Quantics
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Four steps from a pile of boxes to an audit you can trust.
            </p>
          </div>
        </div>
        <Button variant="secondary" size="sm" onClick={dismiss} isLoading={complete.isPending}>
          Got it, hide this
        </Button>
      </div>
      <ol className="grid gap-px bg-slate-200 sm:grid-cols-2 lg:grid-cols-4 dark:bg-slate-800">
        {WORKFLOW.map((w, i) => (
          <li key={w.step} className="flex flex-col gap-2 bg-white p-5 dark:bg-slate-900">
            <span className="text-xs font-semibold tracking-wide text-brand-600 uppercase dark:text-brand-400">
              Step {i + 1} · {w.step}
            </span>
            <p className="flex-1 text-sm text-slate-600 dark:text-slate-400">{w.text}</p>
            {allowed.has(w.menuKey) && (
              <Link
                to={`/${w.menuKey}`}
                className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:text-brand-700 dark:text-brand-400"
              >
                {w.action}
                <ArrowRight className="size-4" aria-hidden />
              </Link>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

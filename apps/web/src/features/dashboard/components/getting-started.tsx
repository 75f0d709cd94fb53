import { hasRole, menuFor, type TOnboardingStep, type TUser } from '@quantics/contracts';
import { ArrowRight, CheckCircle2, Circle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ProgressBar } from '@/components/ui/progress-bar';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useDismissOnboarding, useOnboarding } from '../api/onboarding';
import { ONBOARDING_TEXTS } from '../dashboard-texts';

/**
 * The company's first steps, each ticked off by the work itself (GET /api/onboarding). Shown until every step is done
 * or an admin hides it for the company.
 */
export function GettingStarted({ user }: { user: TUser }) {
  const onboarding = useOnboarding();
  const dismiss = useDismissOnboarding();
  const [isAsking, setIsAsking] = useState(false);
  const data = onboarding.data;
  if (!data || data.complete || data.dismissed_at) return null;
  const allowed = new Set<string>(menuFor(user.role, user.inventory_type).map((m) => m.path));
  const done = data.steps.filter((s) => s.done).length;
  const total = data.steps.length;
  const isAdmin = hasRole(user.role, 'admin');

  const hide = () =>
    dismiss.mutate(undefined, {
      onSuccess: () => setIsAsking(false),
      onError: (err) => notify.error(errorMessage(err, ONBOARDING_TEXTS.hideFailed)),
    });

  return (
    <Card className="mb-6 overflow-hidden" data-testid="getting-started">
      <section aria-labelledby="getting-started-title">
        <div className="flex flex-col gap-4 border-b border-slate-200 bg-gradient-to-r from-brand-50 to-white p-5 sm:flex-row sm:items-start sm:justify-between dark:border-slate-800 dark:from-brand-500/10 dark:to-slate-900">
          <div className="min-w-0 flex-1">
            <h2
              id="getting-started-title"
              className="text-base font-semibold text-slate-900 dark:text-slate-100"
            >
              {ONBOARDING_TEXTS.title}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{ONBOARDING_TEXTS.lead}</p>
            <div className="mt-3 flex items-center gap-3">
              <ProgressBar
                value={(done / total) * 100}
                label={ONBOARDING_TEXTS.progressLabel}
                className="max-w-xs"
              />
              <span className="shrink-0 text-sm font-medium text-slate-700 tabular-nums dark:text-slate-300">
                {ONBOARDING_TEXTS.progress(done, total)}
              </span>
            </div>
          </div>
          {isAdmin && (
            <Button variant="secondary" size="sm" onClick={() => setIsAsking(true)} className="self-start">
              {ONBOARDING_TEXTS.hide}
            </Button>
          )}
        </div>
        <ol className="divide-y divide-slate-200 dark:divide-slate-800">
          {data.steps.map((step) => (
            <StepRow key={step.key} step={step} canOpen={allowed.has(step.href)} user={user} />
          ))}
        </ol>
      </section>
      <ConfirmDialog
        isOpen={isAsking}
        onOpenChange={setIsAsking}
        title={ONBOARDING_TEXTS.hideTitle}
        description={ONBOARDING_TEXTS.hideDescription}
        confirmLabel={ONBOARDING_TEXTS.hide}
        onConfirm={hide}
        isPending={dismiss.isPending}
      />
    </Card>
  );
}

function StepRow({ step, canOpen, user }: { step: TOnboardingStep; canOpen: boolean; user: TUser }) {
  const hint =
    step.key === 'catalogue' && user.inventory_type === 'dutchie'
      ? ONBOARDING_TEXTS.hints.dutchie
      : ONBOARDING_TEXTS.hints[step.key];
  return (
    <li className="flex items-start gap-3 p-4 sm:px-5" data-step={step.key} data-done={step.done}>
      {step.done ? (
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
      ) : (
        <Circle className="mt-0.5 size-5 shrink-0 text-slate-400 dark:text-slate-500" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <p
          className={
            step.done
              ? 'text-sm font-medium text-slate-500 line-through decoration-slate-400 dark:text-slate-400'
              : 'text-sm font-medium text-slate-900 dark:text-slate-100'
          }
        >
          {step.title}
          <span className="sr-only">{step.done ? ONBOARDING_TEXTS.doneSr : ONBOARDING_TEXTS.todoSr}</span>
        </p>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{hint}</p>
      </div>
      {step.done ? (
        <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20 ring-inset dark:bg-emerald-500/10 dark:text-emerald-300">
          {ONBOARDING_TEXTS.done}
        </span>
      ) : (
        canOpen && (
          <Link
            to={step.href}
            aria-label={`${ONBOARDING_TEXTS.open}: ${step.title}`}
            className="inline-flex shrink-0 items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:text-brand-300 dark:hover:text-brand-200"
          >
            {ONBOARDING_TEXTS.open}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        )
      )}
    </li>
  );
}

import type { TDashboardStats } from '@quantics/contracts';
import { ChevronRight, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/** The Audits page's list of counts awaiting review. */
export const AWAITING_REVIEW_PATH = '/audits?status=awaiting_review';

/**
 * Counts whose variances wait for an admin (count reviews), linking to the Audits page filtered to them. Shown while
 * the company's count policy asks for approval, or something still waits after it was turned off.
 */
export function AwaitingReview({ reviews }: { reviews: TDashboardStats['reviews'] | undefined }) {
  if (!reviews || (!reviews.approvalOn && reviews.awaiting === 0)) return null;
  const waiting = reviews.awaiting > 0;
  return (
    <Card className="mb-4 sm:mb-6">
      <Link
        to={AWAITING_REVIEW_PATH}
        className="group flex items-center gap-3 rounded-xl p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus sm:gap-4 sm:p-5"
        data-testid="awaiting-review"
      >
        <span
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-11',
            waiting
              ? 'bg-amber-50 text-amber-600 dark:bg-amber-500/10 dark:text-amber-400'
              : 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400',
          )}
        >
          <ListChecks className="size-4 sm:size-5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-xs leading-tight text-slate-500 sm:text-sm dark:text-slate-400">
            Awaiting review
          </span>
          <span className="flex flex-wrap items-baseline gap-x-2">
            <span
              className="text-2xl font-semibold tabular-nums text-slate-900 dark:text-slate-100"
              data-testid="awaiting-review-count"
            >
              {reviews.awaiting}
            </span>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {waiting
                ? `${reviews.awaiting === 1 ? 'count has' : 'counts have'} variances waiting for approval`
                : 'Every count over the policy is decided'}
            </span>
          </span>
        </span>
        <span className="hidden items-center gap-1 text-sm font-medium text-brand-700 group-hover:underline sm:flex dark:text-brand-400">
          {waiting ? 'Review counts' : 'Open audits'}
        </span>
        <ChevronRight className="size-5 shrink-0 text-slate-400 group-hover:text-slate-600" aria-hidden />
      </Link>
    </Card>
  );
}

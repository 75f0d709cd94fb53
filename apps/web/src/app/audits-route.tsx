import { useAuth } from '@/app/auth-provider';
import { AuditsPage } from '@/features/audits/pages/audits-page';
import { PlansTab } from '@/features/plans/components/plans-tab';
import { ReviewDialog } from '@/features/reviews/components/review-dialog';

/**
 * /audits: the audits feature's page with the plans feature's tab and the reviews feature's dialog, composed here
 * (features import nothing of each other; the app puts them together).
 */
export function AuditsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <AuditsPage
      plans={<PlansTab user={user} />}
      renderReview={(audit, onClose) => <ReviewDialog audit={audit} onClose={onClose} />}
    />
  );
}

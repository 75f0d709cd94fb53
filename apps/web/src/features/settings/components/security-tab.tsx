import { ChangePasswordCard } from './change-password-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

export function SecurityTab() {
  return (
    <div className="space-y-6">
      <TwoFactorCard />
      <SessionsCard />
      <ChangePasswordCard />
    </div>
  );
}

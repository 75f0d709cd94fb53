import { ChangePasswordCard } from './change-password-card';
import { TwoFactorCard } from './two-factor-card';

export function SecurityTab() {
  return (
    <div className="space-y-6">
      <TwoFactorCard />
      <ChangePasswordCard />
    </div>
  );
}

import type { TUser } from '@quantics/contracts';
import { PlansPanel } from './plans-panel';
import { RoomsCounting } from './rooms-counting';

/** The Audits page's Plans tab: the company's count plans, and a Dutchie store's planned rooms. */
export function PlansTab({ user }: { user: TUser }) {
  return (
    <div className="space-y-4">
      <PlansPanel user={user} />
      {user.inventory_type === 'dutchie' && <RoomsCounting />}
    </div>
  );
}

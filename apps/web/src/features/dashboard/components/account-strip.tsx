import { ROLE_LABELS, type TUser } from '@quantics/contracts';
import { Building2, Database, ShieldCheck, UserRound } from 'lucide-react';

/** Who is looking at which company, and where its inventory comes from, in one quiet line under the title. */
export function AccountStrip({ user }: { user: TUser }) {
  const facts = [
    { icon: Building2, label: 'Company', value: user.company },
    { icon: ShieldCheck, label: 'Your role', value: ROLE_LABELS[user.role] },
    { icon: UserRound, label: 'Signed in as', value: user.email },
    {
      icon: Database,
      label: 'Inventory source',
      value:
        user.inventory_type === 'dutchie'
          ? 'Live inventory from its Dutchie point-of-sale'
          : 'Catalogue kept in Quantics',
    },
  ];
  return (
    <ul className="-mt-3 mb-6 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-slate-600 dark:text-slate-400">
      {facts.map(({ icon: Icon, label, value }) => (
        <li key={label} className="flex min-w-0 items-center gap-1.5">
          <Icon className="size-4 shrink-0 text-slate-400 dark:text-slate-500" aria-label={label} />
          <span className="truncate" data-testid={`dashboard-${label}`}>
            {value}
          </span>
        </li>
      ))}
    </ul>
  );
}

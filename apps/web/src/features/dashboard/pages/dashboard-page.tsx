import { menuFor, ROLE_LABELS } from '@quantics/contracts';
import { Building2, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { MENU_ICONS } from '@/app/shell/menu-icons';
import { PageHeader } from '@/components/layout/page-header';
import { Card } from '@/components/ui/card';
import { HelpToggle, useHelp } from '@/components/ui/help-panel';
import { useAuth } from '@/features/auth/auth-provider';
import { usePageTitle } from '@/lib/page-title';
import { DashboardHelp } from '../components/dashboard-help';
import { GettingStarted } from '../components/getting-started';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  const help = useHelp();
  if (!user) return null;
  const shortcuts = menuFor(user.role, user.inventory_type).filter((m) => m.key !== 'dashboard');
  const facts = [
    { icon: Building2, label: 'Company', value: user.company },
    { icon: ShieldCheck, label: 'Your role', value: ROLE_LABELS[user.role] },
    { icon: UserRound, label: 'Signed in as', value: user.email },
  ];
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welcome${user.name ? `, ${user.name}` : ''}. Here is where ${user.company} stands.`}
        actions={<HelpToggle help={help} />}
      />
      <DashboardHelp help={help} />
      <GettingStarted user={user} />
      <div className="grid gap-4 sm:grid-cols-3">
        {facts.map(({ icon: Icon, label, value }) => (
          <Card key={label} className="flex min-w-0 items-center gap-4 p-5">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
                {label}
              </p>
              <p
                className="truncate text-base font-semibold text-slate-900 dark:text-slate-100"
                data-testid={`dashboard-${label}`}
              >
                {value}
              </p>
            </div>
          </Card>
        ))}
      </div>
      <Card className="mt-6 p-6">
        <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Inventory source</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {user.inventory_type === 'dutchie'
            ? 'Your company uses live inventory from its Dutchie point-of-sale.'
            : 'Your company keeps its catalogue in Quantics: products, SKUs, RFID tags and locations.'}
        </p>
      </Card>
      <h2 className="mt-8 mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        Go to
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {shortcuts.map((item) => {
          const Icon = MENU_ICONS[item.key];
          return (
            <Link
              key={item.key}
              to={item.path}
              className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-200 hover:shadow dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-500/40"
            >
              <Icon className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
              <span className="text-sm font-medium text-slate-800 dark:text-slate-200">{item.label}</span>
            </Link>
          );
        })}
      </div>
    </>
  );
}

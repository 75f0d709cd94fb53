import type { TMenuKey } from '@quantics/contracts';
import { MENU } from '@quantics/contracts';
import { MENU_ICONS } from '@/app/shell/menu-icons';
import { PageHeader } from '@/components/layout/page-header';
import { Card } from '@/components/ui/card';
import { usePageTitle } from '@/lib/page-title';

const ABOUT: Partial<Record<TMenuKey, string>> = {
  tallie: 'Ask Tallie, the assistant, about your inventory, devices and audits.',
  audits: 'Every count your readers report, reconciled against expected stock.',
  devices: 'Pair handheld RFID readers with a 6-digit code and watch battery and signal.',
  inventory: 'Your catalogue of products, SKUs, RFID tags and quantities.',
  locations: 'Storage locations, nested as deep as your building is.',
  'print-labels': 'Print RFID labels on a Zebra printer through the desktop print utility.',
  reports: 'CSV reports of inventory, audits, low stock and discrepancies.',
  team: 'Invite people and give each a role in this company.',
  company: 'Your companies, their figures, and switching between them.',
  settings: 'Your profile, password, two-factor sign-in and appearance.',
};

/** An honest page for an area that is part of the product but not open in this release. */
export function UpcomingPage({ menuKey }: { menuKey: TMenuKey }) {
  const item = MENU.find((m) => m.key === menuKey);
  const title = item?.label ?? 'Quantics';
  usePageTitle(title);
  const Icon = MENU_ICONS[menuKey];
  return (
    <>
      <PageHeader title={title} description={ABOUT[menuKey]} />
      <Card className="flex flex-col items-center px-6 py-16 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
          <Icon className="size-7" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-slate-100">Not available yet</h2>
        <p className="mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">
          {title} is on its way and opens in an upcoming release of Quantics. Nothing is lost in the meantime:
          your account, company and team are ready for it.
        </p>
      </Card>
    </>
  );
}

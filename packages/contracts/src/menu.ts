import type { TInventoryType, TRole } from './roles.ts';

export type TMenuKey =
  | 'dashboard'
  | 'tallie'
  | 'audits'
  | 'count'
  | 'devices'
  | 'inventory'
  | 'locations'
  | 'print-labels'
  | 'reports'
  | 'team'
  | 'company'
  | 'settings';

export type TMenuItem = { key: TMenuKey; label: string; path: string };

/** The full menu in the spec's order. */
export const MENU: readonly TMenuItem[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard' },
  { key: 'tallie', label: 'Tallie Chat', path: '/tallie' },
  { key: 'audits', label: 'Audits', path: '/audits' },
  // Not in the spec's fixed lists: the Count screen (issue #20) counts stock in a handheld's browser.
  { key: 'count', label: 'Count', path: '/count' },
  { key: 'devices', label: 'Devices', path: '/devices' },
  { key: 'inventory', label: 'Inventory', path: '/inventory' },
  { key: 'locations', label: 'Locations', path: '/locations' },
  { key: 'print-labels', label: 'Print Labels', path: '/print-labels' },
  { key: 'reports', label: 'Reports', path: '/reports' },
  { key: 'team', label: 'Team', path: '/team' },
  { key: 'company', label: 'Company', path: '/company' },
  { key: 'settings', label: 'Settings', path: '/settings' },
];

/** Members see no Count (counting is for operators and admins). */
const MEMBER_MENU: readonly TMenuKey[] = [
  'dashboard',
  'tallie',
  'audits',
  'inventory',
  'locations',
  'reports',
];
const OPERATOR_HIDDEN: readonly TMenuKey[] = ['team', 'settings'];

/** The menu a role sees (spec: portal-access section 6); Locations is hidden for point-of-sale companies. */
export function menuFor(role: TRole, inventoryType: TInventoryType): TMenuItem[] {
  return MENU.filter((item) => {
    if (item.key === 'locations' && inventoryType === 'dutchie') return false;
    if (role === 'admin') return true;
    if (role === 'operator') return !OPERATOR_HIDDEN.includes(item.key);
    return MEMBER_MENU.includes(item.key);
  });
}

/** Page titles take the form 'Quantics | {page}', Dashboard by default. */
export function pageTitle(page?: string): string {
  return `Quantics | ${page || 'Dashboard'}`;
}

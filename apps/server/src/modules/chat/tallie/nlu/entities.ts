import {
  addDays,
  daysBetween,
  EXPIRING_WINDOW_DAYS,
  monthStart,
  type TAuditStatus,
  type TMenuKey,
  weekStart,
  yearStart,
} from '@quantics/contracts';

/**
 * The entities Tallie recognises besides a product: NLP.js enum entities (matched fuzzily, so "nxt week" is next
 * week), and what a period means as dates: the company's days (its time zone's), like every report's.
 */
export const PERIODS = {
  today: ['today', 'so far today', 'this day'],
  yesterday: ['yesterday'],
  tomorrow: ['tomorrow'],
  this_week: ['this week', 'the current week', 'so far this week'],
  last_week: ['last week', 'the previous week', 'the past week', 'past 7 days', 'the last 7 days'],
  next_week: ['next week', 'the coming week', 'within a week', 'the next 7 days', 'next seven days'],
  this_month: ['this month', 'the current month', 'month to date', 'so far this month'],
  last_month: ['last month', 'the previous month', 'the past month', 'the last 30 days'],
  next_month: ['next month', 'the coming month', 'within a month', 'the next 30 days'],
  this_year: ['this year', 'year to date', 'so far this year'],
  last_year: ['last year', 'the previous year'],
} as const;
export type PeriodKey = keyof typeof PERIODS;

export const AUDIT_STATUS_TEXTS: Record<TAuditStatus, string[]> = {
  failed: ['failed', 'fail', 'fails', 'failures', 'unsuccessful', 'timed out'],
  completed: ['completed', 'complete', 'finished', 'successful', 'succeeded'],
  in_progress: ['in progress', 'running', 'ongoing', 'still open', 'unfinished'],
  pending: ['pending', 'waiting', 'not started'],
};

/** What people call the portal's pages (the menu's labels first). */
export const PAGE_TEXTS: Record<TMenuKey, string[]> = {
  dashboard: ['dashboard', 'home page', 'home screen', 'main page', 'overview page'],
  tallie: ['tallie chat', 'chat page'],
  audits: ['audits', 'audit history', 'audit list'],
  count: ['count', 'count screen', 'counting page'],
  devices: ['devices', 'readers', 'scanners', 'handhelds', 'device list'],
  inventory: ['inventory', 'products', 'product list', 'catalogue', 'catalog', 'stock list'],
  locations: ['locations', 'storage areas', 'shelves'],
  'print-labels': ['print labels', 'labels', 'label printing', 'printing page'],
  reports: ['reports', 'exports', 'report page'],
  team: ['team', 'team members', 'members', 'users', 'colleagues'],
  company: ['company', 'companies', 'company page'],
  settings: ['settings', 'profile', 'password', 'two-factor', '2fa', 'account settings', 'preferences'],
};

/** A past period's days, both included, in the company's time zone (days of @quantics/contracts' company-day). */
export type DayRange = { from: string; to: string };

/** The company's days a past period covers (`today` is the company's today); null for a period in the future. */
export function pastRange(period: PeriodKey, today: string): DayRange | null {
  const range = (from: string, to: string) => ({ from, to });
  switch (period) {
    case 'today':
      return range(today, today);
    case 'yesterday':
      return range(addDays(today, -1), addDays(today, -1));
    case 'this_week':
      return range(weekStart(today), today);
    case 'last_week':
      return range(addDays(weekStart(today), -7), addDays(weekStart(today), -1));
    case 'this_month':
      return range(monthStart(today), today);
    case 'last_month':
      return range(monthStart(today, -1), addDays(monthStart(today), -1));
    case 'this_year':
      return range(yearStart(today), today);
    case 'last_year':
      return range(yearStart(today, -1), addDays(yearStart(today), -1));
    default:
      return null;
  }
}

/**
 * How many days ahead an expiry question looks from the company's `today`: "next week" is 7 days, "this month" the
 * days left in it, "today" 0. A past period (or none) looks the default 30 days ahead.
 */
export function daysAhead(period: PeriodKey | undefined, today: string): number {
  const until = (day: string) => daysBetween(today, day);
  switch (period) {
    case 'today':
      return 0;
    case 'tomorrow':
      return 1;
    case 'this_week':
      return until(addDays(weekStart(today), 6));
    case 'next_week':
      return 7;
    case 'this_month':
      return until(addDays(monthStart(today, 1), -1));
    case 'next_month':
      return 30;
    case 'this_year':
      return until(addDays(yearStart(today, 1), -1));
    default:
      return EXPIRING_WINDOW_DAYS;
  }
}

/** "this month" as a reader says it. */
export const periodText = (p: PeriodKey) => p.replace('_', ' ');

export const isFuture = (p: PeriodKey) => pastRange(p, '2000-01-01') === null;

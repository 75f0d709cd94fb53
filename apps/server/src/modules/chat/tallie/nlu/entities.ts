import { EXPIRING_WINDOW_DAYS, type TAuditStatus, type TMenuKey } from '@quantics/contracts';

/**
 * The entities Tallie recognises besides a product: NLP.js enum entities (matched fuzzily, so "nxt week" is next
 * week), and what a period means as dates. Times are UTC, like the audits' dates and the expiry days.
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

const DAY_MS = 86_400_000;
const startOfDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
/** Monday 00:00 UTC of the week of d. */
const startOfWeek = (d: Date) => startOfDay(d) - ((d.getUTCDay() + 6) % 7) * DAY_MS;
const startOfMonth = (y: number, m: number) => Date.UTC(y, m, 1);

export type DateRange = { from: Date; to: Date };

/** The stretch of time a past period covers (to is exclusive); null for a period in the future. */
export function pastRange(period: PeriodKey, now = new Date()): DateRange | null {
  const today = startOfDay(now);
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const range = (from: number, to: number) => ({ from: new Date(from), to: new Date(to) });
  const end = now.getTime() + 1;
  switch (period) {
    case 'today':
      return range(today, end);
    case 'yesterday':
      return range(today - DAY_MS, today);
    case 'this_week':
      return range(startOfWeek(now), end);
    case 'last_week':
      return range(startOfWeek(now) - 7 * DAY_MS, startOfWeek(now));
    case 'this_month':
      return range(startOfMonth(y, m), end);
    case 'last_month':
      return range(startOfMonth(y, m - 1), startOfMonth(y, m));
    case 'this_year':
      return range(Date.UTC(y, 0, 1), end);
    case 'last_year':
      return range(Date.UTC(y - 1, 0, 1), Date.UTC(y, 0, 1));
    default:
      return null;
  }
}

/**
 * How many days ahead an expiry question looks: "next week" is 7 days, "this month" the days left in it, "today"
 * 0. A past period (or none) looks the default 30 days ahead.
 */
export function daysAhead(period: PeriodKey | undefined, now = new Date()): number {
  const today = startOfDay(now);
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const until = (t: number) => Math.round((t - today) / DAY_MS);
  switch (period) {
    case 'today':
      return 0;
    case 'tomorrow':
      return 1;
    case 'this_week':
      return until(startOfWeek(now) + 6 * DAY_MS);
    case 'next_week':
      return 7;
    case 'this_month':
      return until(startOfMonth(y, m + 1) - DAY_MS);
    case 'next_month':
      return 30;
    case 'this_year':
      return until(Date.UTC(y, 11, 31));
    default:
      return EXPIRING_WINDOW_DAYS;
  }
}

/** "this month" as a reader says it. */
export const periodText = (p: PeriodKey) => p.replace('_', ' ');

export const isFuture = (p: PeriodKey) => pastRange(p) === null;

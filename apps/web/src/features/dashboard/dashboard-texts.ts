import { formatCount } from '@/lib/format';

/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const DASHBOARD_TEXTS = {
  noAudits: 'No audits yet',
  noActivity: 'No recent activity',
  noLowStock: 'No low stock items',
  noExpiring: 'No products expiring within the next 30 days',
  noSales: 'No sales data available',
  unknownDevice: 'Unknown Device',
} as const;

/** The getting-started card (issue 54): the steps' titles come from the API, their hints from here. */
export const ONBOARDING_TEXTS = {
  title: 'Get started with Quantics',
  lead: 'Five steps from a pile of boxes to a count you can trust. Each one ticks itself off when it is done.',
  progressLabel: 'Getting started progress',
  progress: (done: number, total: number) => `${formatCount(done)} of ${formatCount(total)} done`,
  hide: 'Hide for everyone',
  hideTitle: 'Hide getting started?',
  hideDescription:
    'The card goes away for everyone in the company. The steps you have not done yet stay where they are.',
  hideFailed: 'Could not hide getting started',
  open: 'Start',
  done: 'Done',
  doneSr: ' (done)',
  todoSr: ' (to do)',
  hints: {
    places: 'The stores, rooms and shelves where your stock is kept.',
    catalogue: 'Add products one by one, or import your list from a CSV file.',
    dutchie: 'Your live Dutchie inventory is your catalogue.',
    reader: 'Pair a handheld, count with this phone on the Count screen, or connect a fixed reader.',
    count: 'Count a place and see what is there, what is missing and what is extra.',
    team: 'Invite the people who count with you.',
  },
} as const;

import type { TMenuKey } from '@quantics/contracts';

/** The four-step workflow the dashboard's guide and help panel describe. */
export const WORKFLOW: { step: string; text: string; menuKey: TMenuKey; action: string }[] = [
  {
    step: 'Setup',
    text: 'Pair a handheld reader with its 6-digit code and invite your team.',
    menuKey: 'devices',
    action: 'Pair a reader',
  },
  {
    step: 'Tag',
    text: 'Give every product an RFID tag and print labels on your Zebra printer.',
    menuKey: 'print-labels',
    action: 'Print labels',
  },
  {
    step: 'Audit',
    text: 'Walk the aisles with the reader; each scan is reconciled against expected stock.',
    menuKey: 'audits',
    action: 'See audits',
  },
  {
    step: 'Analyze',
    text: 'Review accuracy and discrepancies, and export CSV reports.',
    menuKey: 'reports',
    action: 'Open reports',
  },
];

import type { expiringColor } from '@quantics/contracts';

/** Text colours of the expiring list's days (red at 3 days or fewer, yellow at 7 or fewer). */
export const EXPIRING_TONES: Record<ReturnType<typeof expiringColor>, string> = {
  red: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300',
  yellow: 'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-200',
  normal: 'bg-slate-100 text-slate-600 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300',
};

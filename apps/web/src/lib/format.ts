/** A date in the reader's locale, e.g. 'Mar 4, 2026'. Dates travel as ISO strings in UTC. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Dollars with 2 decimals (spec: currency USD). */
export const formatUsd = (dollars: number) => usd.format(dollars);

export const formatCount = (n: number) => n.toLocaleString();

/** Date and time in the reader's locale, e.g. 'Mar 4, 2026, 2:05 PM'. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

export const formatTime = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** '5 minutes ago', 'yesterday'; older than a week: the date. */
export function formatTimeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return relative.format(seconds, 'second');
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  return formatDateTime(iso);
}

/** A calendar date written YYYY-MM-DD, shown in the reader's locale without a time-zone shift. */
export function formatPlainDate(ymd: string): string {
  return new Date(`${ymd}T00:00:00Z`).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

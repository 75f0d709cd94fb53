/** A date in the reader's locale, e.g. 'Mar 4, 2026'. Dates travel as ISO strings in UTC. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/*
 * The web app's one number formatter (issue 54): counts, money and percentages in the reader's locale, each an
 * Intl.NumberFormat made once and kept. Every number a screen shows goes through here (number-format.test.ts holds
 * the rule); CSV files keep their plain form, written by the server without thousands separators.
 */
const formatters = new Map<string, Intl.NumberFormat>();

/** A cached Intl.NumberFormat for the reader's locale (undefined: the browser's) and these options. */
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(undefined, options);
    formatters.set(key, format);
  }
  return format;
}

/** Dollars with 2 decimals (spec: currency USD), in the reader's locale: '$1,234.50'. */
export const formatUsd = (dollars: number) =>
  numberFormat({ style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(dollars);

/** A count of units, reads, rows...: '68,871'. */
export const formatCount = (n: number) => numberFormat({ maximumFractionDigits: 0 }).format(n);

/** A number with up to `digits` decimals (quantities that may be fractional, e.g. grams): '12.5'. */
export const formatDecimal = (n: number, digits = 2) =>
  numberFormat({ maximumFractionDigits: digits }).format(n);

/** A number with exactly `digits` decimals: '3.00'. */
export const formatFixed = (n: number, digits = 2) =>
  numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

/** A change with its sign: '+1,200', '−35' (a true minus), '0'. */
export const formatSignedCount = (n: number) =>
  numberFormat({ maximumFractionDigits: 0, signDisplay: 'exceptZero' }).format(n).replace('-', '\u2212');

/** A percentage given as 0-100 (the API's accuracy and rates): '97%', or '97.5%' with `digits` 1. */
export const formatPercent = (percent: number, digits = 0) =>
  numberFormat({ style: 'percent', maximumFractionDigits: digits }).format(percent / 100);

/** A file size: '512 B', '1.5 KB', '2.3 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatDecimal(bytes / 1024, 1)} KB`;
  return `${formatDecimal(bytes / 1024 / 1024, 1)} MB`;
}

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

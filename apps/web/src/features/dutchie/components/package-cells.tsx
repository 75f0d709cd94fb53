import { dutchieQuantityTone, type TDutchieItem } from '@quantics/contracts';
import { cn } from '@/lib/cn';
import { formatCount, formatDate, formatUsd } from '@/lib/format';

export const formatMoney = (n: number | null) => (n === null ? '—' : formatUsd(n));

/** A calendar date (YYYY-MM-DD) in the reader's locale, without a day shift across time zones. */
export const formatDay = (day: string | null) => (day ? formatDate(`${day}T12:00:00Z`) : '—');

/** Red at 0, yellow at 10 or less (spec: point-of-sale quantity colour). */
export function PackageQuantity({ quantity }: { quantity: number }) {
  const tone = dutchieQuantityTone(quantity);
  return (
    <span
      data-tone={tone}
      className={cn(
        'font-semibold tabular-nums',
        tone === 'out' && 'text-red-600 dark:text-red-400',
        tone === 'low' && 'text-amber-600 dark:text-amber-400',
        tone === 'ok' && 'text-slate-900 dark:text-slate-100',
      )}
    >
      {formatCount(quantity)}
    </span>
  );
}

/** Brand, strain and (on narrower screens, where its column is hidden) vendor under the product name. */
export function PackageSubline({ item }: { item: TDutchieItem }) {
  const parts = [item.brandName, item.strain].filter(Boolean);
  if (parts.length === 0 && !item.vendor) return null;
  return (
    <p className="truncate text-xs text-slate-500 dark:text-slate-400">
      {parts.join(' · ')}
      {item.vendor && (
        <span className="2xl:hidden">
          {parts.length > 0 && ' · '}
          {item.vendor}
        </span>
      )}
    </p>
  );
}

/** Rooms holding units, in short: 'Sales Floor 24, Backstock 42'; 'No stock' when empty. */
export function RoomsSummary({ item }: { item: TDutchieItem }) {
  const held = item.rooms.filter((r) => r.quantity > 0);
  if (held.length === 0) return <span className="text-slate-400 dark:text-slate-500">No stock</span>;
  return (
    <span className="text-slate-700 dark:text-slate-300">
      {held.map((r, i) => (
        <span key={r.roomId} className="whitespace-nowrap">
          {i > 0 && ', '}
          {r.roomName}{' '}
          <span className="tabular-nums text-slate-500 dark:text-slate-400">{formatCount(r.quantity)}</span>
        </span>
      ))}
    </span>
  );
}

/** Days to the expiration date: past dates red, within 30 days amber. */
export function Expires({ day }: { day: string | null }) {
  if (!day) return <span className="text-slate-400 dark:text-slate-500">—</span>;
  const days = Math.round(
    (Date.parse(`${day}T00:00:00Z`) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000,
  );
  return (
    <span
      className={cn(
        'whitespace-nowrap',
        days < 0 && 'text-red-600 dark:text-red-400',
        days >= 0 && days <= 30 && 'text-amber-600 dark:text-amber-400',
      )}
      title={
        days < 0
          ? 'Expired'
          : days === 0
            ? 'Expires today'
            : `${formatCount(days)} day${days === 1 ? '' : 's'} left`
      }
    >
      {formatDay(day)}
    </span>
  );
}

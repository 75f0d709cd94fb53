import type { TWherePlace } from '@quantics/contracts';
import { MapPin, Radio } from 'lucide-react';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatDateTime, formatTimeAgo } from '@/lib/format';
import { useWhere } from './where-api';

export const WHERE_TEXTS = {
  title: 'Where it is',
  loadFailed: 'Failed to load where it is',
  nowhere: 'No place holds it and no reader has seen its tags.',
  units: (n: number) => `${formatCount(n)} ${n === 1 ? 'unit' : 'units'}`,
  seen: (ago: string, device: string | null, antenna: number | null) =>
    `Seen ${ago}${device ? ` by ${device}` : ''}${antenna !== null ? `, antenna ${antenna}` : ''}`,
  notSeen: 'No tag seen here yet',
} as const;

/**
 * A product's places (the product dialog's Where it is section): what each place holds by the stock records, and
 * when one of its tags was last seen there, by which reader and antenna.
 */
export function WhereItIs({ code }: { code: string }) {
  const where = useWhere(code);
  return (
    <section aria-labelledby="where-it-is" data-testid="where-it-is" className="space-y-2">
      <h3 id="where-it-is" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        {WHERE_TEXTS.title}
      </h3>
      {where.isPending ? (
        <Spinner label="Looking for it" />
      ) : where.isError ? (
        <LoadError title={WHERE_TEXTS.loadFailed} error={where.error} onRetry={() => where.refetch()} />
      ) : where.data.places.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{WHERE_TEXTS.nowhere}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {where.data.places.map((p) => (
            <WherePlaceRow key={p.location_id ?? 'none'} place={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WherePlaceRow({ place }: { place: TWherePlace }) {
  return (
    <li className="flex items-start gap-3 px-3 py-2.5" data-testid="where-place">
      <MapPin className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="min-w-0 truncate text-sm font-medium text-slate-900 dark:text-slate-100">
            {place.location}
          </p>
          <p className="text-sm tabular-nums text-slate-700 dark:text-slate-300">
            {WHERE_TEXTS.units(place.units)}
          </p>
        </div>
        <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
          <Radio className="size-3 shrink-0" aria-hidden />
          {place.last_seen_at ? (
            <time dateTime={place.last_seen_at} title={formatDateTime(place.last_seen_at)}>
              {WHERE_TEXTS.seen(formatTimeAgo(place.last_seen_at), place.device, place.antenna)}
            </time>
          ) : (
            WHERE_TEXTS.notSeen
          )}
        </p>
      </div>
    </li>
  );
}

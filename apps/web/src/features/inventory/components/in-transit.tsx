import type { TProduct } from '@quantics/contracts';
import { Truck } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount, formatDateTime } from '@/lib/format';

/** The product's units on transfers sent and not received yet (issue 51): no place holds them. */
export const inTransitUnits = (p: Pick<TProduct, 'in_transit'>) =>
  (p.in_transit ?? []).reduce((n, t) => n + t.quantity, 0);

/** "N in transit" under a quantity, naming the transfers on hover; nothing when none is under way. */
export function InTransitNote({ product }: { product: Pick<TProduct, 'in_transit'> }) {
  const units = inTransitUnits(product);
  if (units === 0) return null;
  const names = (product.in_transit ?? [])
    .map(
      (t) =>
        `${t.reference}: ${formatCount(t.quantity)} from ${t.from ?? 'a deleted location'} to ${t.to ?? 'a deleted location'}`,
    )
    .join('\n');
  return (
    <span
      className="mt-0.5 flex items-center gap-1 text-xs whitespace-nowrap text-sky-700 lg:justify-end dark:text-sky-300"
      title={names}
    >
      <Truck className="size-3" aria-hidden />
      {formatCount(units)} in transit
    </span>
  );
}

/** The transfers under way with this product: from where to where, how many, since when; each opens its shipment. */
export function InTransitList({ product }: { product: Pick<TProduct, 'in_transit'> }) {
  const list = product.in_transit ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby="in-transit-title"
      className="rounded-lg border border-sky-200 bg-sky-50/60 p-4 dark:border-sky-900 dark:bg-sky-950/30"
    >
      <h3
        id="in-transit-title"
        className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-100"
      >
        <Truck className="size-4 text-sky-600 dark:text-sky-400" aria-hidden />
        {formatCount(inTransitUnits(product))} in transit
      </h3>
      <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
        Sent and not received yet: no place holds them, and no count there expects them.
      </p>
      <ul className="mt-3 space-y-2">
        {list.map((t) => (
          <li key={t.shipment_id} className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="min-w-0">
              <Link
                to={`/shipments?shipment=${t.shipment_id}`}
                className="font-medium text-brand-700 hover:underline dark:text-brand-300"
              >
                {t.reference}
              </Link>
              <span className="text-slate-600 dark:text-slate-300">
                {' '}
                · {t.from ?? 'a deleted location'} → {t.to ?? 'a deleted location'}
              </span>
            </span>
            <span className="tabular-nums text-slate-700 dark:text-slate-200">
              {formatCount(t.quantity)} unit{t.quantity === 1 ? '' : 's'}
              {t.sent_at ? (
                <span className="text-xs text-slate-500"> · sent {formatDateTime(t.sent_at)}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Hash } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import { useProductSerials } from './product-serials';
import { SerialRange } from './serial-range';

/**
 * A catalogue product's serialized GS1 labels: whether it prints them (its GTIN under one of the company's GS1
 * company prefixes), the next serial, how many went out, and its latest jobs' serial ranges.
 */
export function ProductSerialsPanel({ productId }: { productId: number }) {
  const serials = useProductSerials(productId);
  if (serials.isPending) return <Spinner label="Loading serials" />;
  if (serials.isError) {
    return (
      <p className="text-sm text-red-600 dark:text-red-400">
        {errorMessage(serials.error, 'Failed to load the serials')}
      </p>
    );
  }
  const s = serials.data;
  if (!s.prefix) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="product-serials">
        {s.gtin
          ? `GTIN ${s.gtin} is under none of your company's GS1 prefixes: labels carry the SKU tag.`
          : 'No GTIN: labels carry the SKU tag.'}
      </p>
    );
  }
  return (
    <section className="space-y-3" aria-label="Serialized labels" data-testid="product-serials">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">
          <Hash className="size-3" aria-hidden />
          Serialized GS1 labels
        </Badge>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {formatCount(s.labels_printed)} printed · next serial{' '}
          <span className="font-mono text-slate-900 dark:text-slate-100">{s.next_serial}</span>
        </span>
      </div>
      {s.jobs.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
          {s.jobs.map((j) => (
            <li
              key={j.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm"
            >
              {j.serials && <SerialRange serials={j.serials} status={j.status} />}
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {j.printer_name} · {j.printed_by ?? '—'} · {formatDateTime(j.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

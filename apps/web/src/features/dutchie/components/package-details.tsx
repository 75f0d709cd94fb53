import type { TDutchieItem } from '@quantics/contracts';
import type { ReactNode } from 'react';
import { formatDate, formatDecimal } from '@/lib/format';
import { useDutchieProduct } from '../api/dutchie-product';
import { formatDay, formatMoney, PackageQuantity } from './package-cells';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="truncate text-sm text-slate-800 dark:text-slate-200">{children}</dd>
    </div>
  );
}

const potency = (value: number | null, unit: string | null) =>
  value === null ? '—' : `${formatDecimal(value)}${unit ?? ''}`;

/** The expanded row: where the units are (rooms and quantities), the package's facts and its product. */
export function PackageDetails({ item }: { item: TDutchieItem }) {
  const product = useDutchieProduct(item.packageId, true);
  const details = product.data?.data.details;
  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,18rem)_1fr]" data-testid="package-details">
      <div>
        <h4 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
          Rooms
        </h4>
        {item.rooms.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">No units in any room.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {item.rooms.map((r) => (
              <li key={r.roomId} className="flex items-center justify-between px-3 py-2 text-sm">
                <span className="text-slate-700 dark:text-slate-300">{r.roomName}</span>
                <PackageQuantity quantity={r.quantity} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="space-y-3">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
          <Fact label="Package ID">
            <span className="font-mono text-xs" title={item.packageId}>
              {item.packageId}
            </span>
          </Fact>
          <Fact label="SKU">
            <span className="font-mono text-xs">{item.sku ?? '—'}</span>
          </Fact>
          <Fact label="Vendor">{item.vendor ?? '—'}</Fact>
          <Fact label="Unit cost">{formatMoney(item.unitCost)}</Fact>
          <Fact label="Unit price">{formatMoney(item.unitPrice)}</Fact>
          <Fact label="Expires">{formatDay(item.expirationDate)}</Fact>
          <Fact label="THC">{potency(details?.thcContent ?? null, details?.thcContentUnit ?? null)}</Fact>
          <Fact label="CBD">{potency(details?.cbdContent ?? null, details?.cbdContentUnit ?? null)}</Fact>
          <Fact label="Updated in Dutchie">{item.lastModified ? formatDate(item.lastModified) : '—'}</Fact>
        </dl>
        {product.isPending ? (
          <p className="text-sm text-slate-400">Loading product details…</p>
        ) : details?.description ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{details.description}</p>
        ) : null}
      </div>
    </div>
  );
}

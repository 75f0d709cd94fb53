import type { TPrintJobSerials } from '@quantics/contracts';
import { serialRangeText } from './product-serials';

/** A job's serials in one line: "Serials 1–3", or what went out of a job that stopped part-way. */
export function SerialRange({ serials, status }: { serials: TPrintJobSerials; status: string }) {
  const isPartial = status !== 'sent' && (serials.printed_last ?? 0) < serials.last;
  const text = status === 'sent' ? `${serials.first}–${serials.last}` : serialRangeText(serials);
  return (
    <span
      className={
        isPartial
          ? 'font-mono text-xs text-amber-700 dark:text-amber-300'
          : 'font-mono text-xs text-slate-600 dark:text-slate-300'
      }
      title={`GTIN ${serials.gtin}, serials ${serials.first} to ${serials.last}${
        isPartial ? `; printed up to ${serials.printed_last ?? 'none'}, the rest never used` : ''
      }`}
      data-testid="serial-range"
    >
      Serials {text}
    </span>
  );
}

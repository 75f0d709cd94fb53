import { type TPrintJobSerials, ZProductSerials } from '@quantics/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/print/products/{id}/serials: whether a catalogue product prints serialized GS1 labels, its next serial
 * and its latest serialized jobs. Used by the Print Labels page and the product's details in Inventory.
 */
export function useProductSerials(productId: number | null, isEnabled = true) {
  return useQuery({
    queryKey: queryKeys.print.productSerials(productId ?? 0),
    queryFn: () => api(`/api/print/products/${productId}/serials`, { schema: ZProductSerials }),
    enabled: isEnabled && productId !== null,
  });
}

const range = (a: number, b: number) => (a === b ? `${a}` : `${a}–${b}`);

/** "1–3", and for a job the printer stopped part-way "4–5 of 4–8" (the rest never used). */
export function serialRangeText(s: TPrintJobSerials): string {
  if (s.printed_last === null) return `none of ${range(s.first, s.last)}`;
  if (s.printed_last >= s.last) return range(s.first, s.last);
  return `${range(s.first, s.printed_last)} of ${range(s.first, s.last)}`;
}

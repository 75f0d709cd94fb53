import type { TDiscrepancy } from '@quantics/contracts';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { AUDIT_TEXTS } from '@/features/audits/audit-texts';
import { cn } from '@/lib/cn';
import { DiscrepancyTypeBadge } from './audit-bits';

/** SKU, Product Name, Expected, Found, Variance, Type, with each row's note underneath. */
export function DiscrepancyTable({
  rows,
  isLoading,
}: {
  rows: TDiscrepancy[] | undefined;
  isLoading: boolean;
}) {
  if (isLoading) {
    return <p className="py-6 text-center text-sm text-slate-500">Loading discrepancy details...</p>;
  }
  if (!rows || rows.length === 0) {
    return <p className="py-6 text-center text-sm text-slate-500">{AUDIT_TEXTS.noDiscrepancies}</p>;
  }
  return (
    <Table className="max-h-80 overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <THead className="sticky top-0">
        <tr>
          <Th>SKU</Th>
          <Th>Product Name</Th>
          <Th className="text-right">Expected</Th>
          <Th className="text-right">Found</Th>
          <Th className="text-right">Variance</Th>
          <Th>Type</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((r) => (
          <Tr key={r.id} data-testid="discrepancy-row">
            <Td className="font-mono text-xs">{r.product_sku ?? r.rfid_tag ?? r.epc}</Td>
            <Td className="max-w-64">
              <p className="truncate">{r.product_name ?? 'Unknown tag'}</p>
              {r.notes && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{r.notes}</p>}
            </Td>
            <Td className="text-right tabular-nums">{r.expected_quantity}</Td>
            <Td className="text-right tabular-nums">{r.found_quantity}</Td>
            <Td
              className={cn(
                'text-right font-medium tabular-nums',
                r.variance < 0 ? 'text-red-600 dark:text-red-400' : 'text-amber-600 dark:text-amber-300',
              )}
            >
              {r.variance > 0 ? `+${r.variance}` : r.variance}
            </Td>
            <Td>
              <DiscrepancyTypeBadge type={r.discrepancy_type} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

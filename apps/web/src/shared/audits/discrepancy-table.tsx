import type { TDiscrepancy } from '@quantics/contracts';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatCount, formatSignedCount } from '@/lib/format';
import { DiscrepancyTypeBadge } from './audit-bits';
import { AUDIT_TEXTS } from './audit-texts';
import { MovedLine, noteOf } from './moved-line';

const varianceClass = (variance: number) =>
  variance < 0
    ? 'text-red-600 dark:text-red-400'
    : variance > 0
      ? 'text-amber-600 dark:text-amber-300'
      : 'text-slate-600 dark:text-slate-300';
const signed = formatSignedCount;
/** GS1's separator is invisible: shown as a space, as the row's tag text shows it. */
const shown = (code: string) => code.replaceAll('\u001d', ' ');

/** What the row is: its product, or an unknown tag, or an unknown barcode scan. */
const nameOf = (r: TDiscrepancy) => r.product_name ?? (r.code_format ? 'Unknown code' : 'Unknown tag');

/** The barcodes scanned for a row; null for an unknown scan (its own code is the SKU column already). */
function scannedOf(r: TDiscrepancy): string | null {
  if (r.codes === null) return null;
  const codes = shown(r.codes);
  return codes === r.rfid_tag || codes === r.product_sku ? null : codes;
}

function Scanned({ r, className }: { r: TDiscrepancy; className?: string }) {
  const codes = scannedOf(r);
  if (!codes) return null;
  return (
    <p
      className={cn('font-mono text-xs text-slate-500 dark:text-slate-400', className)}
      title={codes}
      data-testid="discrepancy-codes"
    >
      Scanned: {codes}
    </p>
  );
}

/** An unknown scan's format: UPC-A, GS1 DataMatrix, Text… */
function CodeFormat({ r }: { r: TDiscrepancy }) {
  if (!r.code_format) return null;
  return <p className="font-sans text-xs text-slate-500 dark:text-slate-400">{r.code_format}</p>;
}

/**
 * SKU, Product Name, Expected, Found, Variance, Type, with each row's note, what moved while it was counted (a store
 * that traded during the count) and the barcodes scanned for it underneath (an unknown scan's format under its
 * code): a table on wider screens, one card per discrepancy on phones (the dialog is narrower than the six columns).
 */
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
    <>
      <ScrollArea
        label="Discrepancies"
        className="max-h-80 overflow-y-auto rounded-lg border border-slate-200 sm:hidden dark:border-slate-800"
      >
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((r) => (
            <li key={r.id} className="px-3 py-2.5" data-testid="discrepancy-card">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                    {nameOf(r)}
                  </p>
                  <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">
                    {r.product_sku ?? r.rfid_tag ?? r.epc}
                  </p>
                  <CodeFormat r={r} />
                  <Scanned r={r} className="line-clamp-2 wrap-anywhere" />
                </div>
                <DiscrepancyTypeBadge type={r.discrepancy_type} variance={r.variance} />
              </div>
              <p className="mt-1.5 text-xs text-slate-600 tabular-nums dark:text-slate-300">
                Expected {formatCount(r.expected_quantity)} · Found {formatCount(r.found_quantity)} · Variance{' '}
                <span className={cn('font-medium', varianceClass(r.variance))}>{signed(r.variance)}</span>
              </p>
              {noteOf(r) && <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{noteOf(r)}</p>}
              <MovedLine r={r} className="mt-0.5" />
            </li>
          ))}
        </ul>
      </ScrollArea>
      <Table
        aria-label="Discrepancies"
        className="hidden max-h-80 overflow-y-auto rounded-lg border border-slate-200 sm:block dark:border-slate-800"
      >
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
              <Td className="font-mono text-xs">
                {r.product_sku ?? r.rfid_tag ?? r.epc}
                <CodeFormat r={r} />
              </Td>
              <Td className="max-w-64">
                <p className="truncate">{nameOf(r)}</p>
                {noteOf(r) && (
                  <p className="truncate text-xs text-slate-500 dark:text-slate-400">{noteOf(r)}</p>
                )}
                <MovedLine r={r} />
                <Scanned r={r} className="truncate" />
              </Td>
              <Td className="text-right tabular-nums">{formatCount(r.expected_quantity)}</Td>
              <Td className="text-right tabular-nums">{formatCount(r.found_quantity)}</Td>
              <Td className={cn('text-right font-medium tabular-nums', varianceClass(r.variance))}>
                {signed(r.variance)}
              </Td>
              <Td>
                <DiscrepancyTypeBadge type={r.discrepancy_type} variance={r.variance} />
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </>
  );
}

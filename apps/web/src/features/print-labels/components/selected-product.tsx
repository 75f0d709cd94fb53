import { parseQuantityInput, type TLabelSize, type TPrintStatus } from '@quantics/contracts';
import { ListPlus, Printer, Tag } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input } from '@/components/ui/field';
import { PRINT_TEXTS } from '../print-texts';
import type { PrintLabelsState } from '../use-print-labels';
import { LabelPreview } from './label-preview';
import { PrinterSelect } from './printer-select';

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      {/* Wrapped, not cut: a Dutchie package id (the SKU) is 24 characters without a space. */}
      <dd className="text-sm font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-slate-100">
        {value}
      </dd>
    </div>
  );
}

/** The selected product: its facts, quantity, printer, 'Print {n} Label(s)', 'Add to Bulk' and the label preview. */
export function SelectedProduct({
  s,
  status,
  size,
  canBulk,
  canEditSize,
}: {
  s: PrintLabelsState;
  status: TPrintStatus | undefined;
  size: TLabelSize;
  canBulk: boolean;
  canEditSize: boolean;
}) {
  const p = s.selected;
  if (!p) {
    return (
      <Card>
        <EmptyState icon={Tag} title="No product selected">
          Search for a product and select it to see its label and print it.
        </EmptyState>
      </Card>
    );
  }
  const quantity = parseQuantityInput(s.quantityText);
  return (
    <Card className="p-4 sm:p-5" aria-label="Selected product">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{p.name}</h2>
      <div className="mt-4 grid gap-5 xl:grid-cols-2">
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-3">
            <Fact label="SKU" value={p.sku} />
            <Fact label="Location" value={p.location ?? PRINT_TEXTS.notAvailable} />
            <Fact label="Stock" value={p.quantity} />
            <Fact label="Vendor" value={p.vendor ?? PRINT_TEXTS.notAvailable} />
          </dl>
          <Field label="Quantity">
            {(id) => (
              <Input
                id={id}
                type="number"
                min={1}
                inputMode="numeric"
                value={s.quantityText}
                onChange={(e) => s.setQuantityText(e.target.value)}
                onBlur={() => s.setQuantityText(String(parseQuantityInput(s.quantityText)))}
              />
            )}
          </Field>
          <PrinterSelect status={status} value={s.printerName} onChange={s.setPrinterName} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={s.print} isLoading={s.isPrinting && !s.progress} disabled={s.isPrinting}>
              {!(s.isPrinting && !s.progress) && <Printer className="size-4" aria-hidden />}
              {PRINT_TEXTS.printButton(quantity)}
            </Button>
            {canBulk && (
              <Button variant="secondary" onClick={s.addToBulk}>
                <ListPlus className="size-4" aria-hidden />
                {PRINT_TEXTS.addToBulk}
              </Button>
            )}
          </div>
        </div>
        <LabelPreview product={p} size={size} canEditSize={canEditSize} />
      </div>
    </Card>
  );
}

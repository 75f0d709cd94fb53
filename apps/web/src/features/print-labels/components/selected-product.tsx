import {
  PRINT_PROTOCOL_PER_LABEL,
  parseQuantityInput,
  type TLabelSerial,
  type TLabelSize,
  type TPrintStatus,
} from '@quantics/contracts';
import { Hash, ListPlus, Printer, Tag, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input } from '@/components/ui/field';
import { useProductSerials } from '@/shared/serials/product-serials';
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
type SelectedProductProps = {
  s: PrintLabelsState;
  status: TPrintStatus | undefined;
  size: TLabelSize;
  canBulk: boolean;
  canEditSize: boolean;
};

export function SelectedProduct({ s, status, size, canBulk, canEditSize }: SelectedProductProps) {
  const p = s.selected;
  const serial = useSerial(p);
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
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{p.name}</h2>
        {serial && (
          <Badge tone="brand" className="mt-1">
            <Hash className="size-3" aria-hidden />
            Serialized GS1
          </Badge>
        )}
      </div>
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
          {serial && <SerialNote serial={serial} quantity={quantity} status={status} />}
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
        <LabelPreview product={p} serial={serial} size={size} canEditSize={canEditSize} />
      </div>
    </Card>
  );
}

/**
 * The label's serial when the product prints serialized GS1 labels (a catalogue product whose GTIN is under one of
 * the company's GS1 prefixes): its GTIN, the next serial and the prefix length, else undefined.
 */
function useSerial(p: SelectedProductProps['s']['selected']): TLabelSerial | undefined {
  const id = typeof p?.id === 'number' && p.gtin ? p.id : null;
  const serials = useProductSerials(id);
  const d = serials.data;
  if (!p || id === null || !d?.prefix || !d.gtin || d.next_serial === null) return undefined;
  return { gtin: d.gtin, serial: d.next_serial, prefixLength: d.prefix.length };
}

/** What a serialized print will do, and a warning when no connected utility can print it yet. */
function SerialNote({
  serial,
  quantity,
  status,
}: {
  serial: TLabelSerial;
  quantity: number;
  status: TPrintStatus | undefined;
}) {
  const last = serial.serial + quantity - 1;
  const isOld =
    !!status?.connected && status.agents.every((a) => (a.protocol ?? 1) < PRINT_PROTOCOL_PER_LABEL);
  return (
    <div
      className="space-y-1 rounded-lg border border-brand-200 bg-brand-50/60 px-3 py-2.5 text-sm dark:border-brand-500/30 dark:bg-brand-500/10"
      data-testid="serial-note"
    >
      <p className="font-medium text-slate-900 dark:text-slate-100">
        Each label gets its own serial: {quantity === 1 ? serial.serial : `${serial.serial} to ${last}`}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        GTIN {serial.gtin}. Serials are allocated when you print and never reused, even for labels that do not
        come out.
      </p>
      {isOld && (
        <p className="flex items-start gap-1.5 text-xs font-medium text-amber-700 dark:text-amber-300">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          Your print utility is too old for serialized labels: update it to 1.1 or newer.
        </p>
      )}
    </div>
  );
}

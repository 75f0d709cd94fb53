import { parseQuantityInput, type TPrintStatus } from '@quantics/contracts';
import { Layers, Printer, Trash2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatCount } from '@/lib/format';
import { PRINT_TEXTS } from '../print-texts';
import type { PrintLabelsState } from '../use-print-labels';
import { PrinterSelect } from './printer-select';

/** Bulk mode: the queue with a quantity per product, remove, Clear All, Cancel Bulk Mode and the total print. */
export function BulkQueue({ s, status }: { s: PrintLabelsState; status: TPrintStatus | undefined }) {
  if (!s.isBulkMode) return null;
  return (
    <Card className="overflow-hidden" aria-label={PRINT_TEXTS.bulkQueue}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-slate-100">
          <Layers className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
          {PRINT_TEXTS.bulkQueue}
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            {formatCount(s.queue.length)}
          </span>
        </h2>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={s.clearQueue} disabled={s.isPrinting}>
            <Trash2 className="size-4" aria-hidden />
            {PRINT_TEXTS.clearAll}
          </Button>
          <Button variant="secondary" size="sm" onClick={s.clearQueue} disabled={s.isPrinting}>
            <X className="size-4" aria-hidden />
            {PRINT_TEXTS.cancelBulk}
          </Button>
        </div>
      </div>
      <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
        {s.queue.map((item) => (
          <li key={item.product.id} className="flex items-center gap-3 px-4 py-2.5">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                {item.product.name}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">SKU {item.product.sku}</p>
            </div>
            <div className="w-20 shrink-0">
              <Input
                type="number"
                min={1}
                inputMode="numeric"
                aria-label={`Labels for ${item.product.name}`}
                value={item.quantityText}
                onChange={(e) => s.setItemQuantity(item.product.id, e.target.value)}
                onBlur={() =>
                  s.setItemQuantity(item.product.id, String(parseQuantityInput(item.quantityText)))
                }
                className="text-right"
              />
            </div>
            <Button
              variant="danger-ghost"
              size="sm"
              aria-label={`Remove ${item.product.name}`}
              onClick={() => s.remove(item.product.id)}
              disabled={s.isPrinting}
            >
              <X className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <div className="space-y-3 border-t border-slate-200 bg-slate-50/60 p-4 dark:border-slate-800 dark:bg-slate-800/30">
        <PrinterSelect status={status} value={s.printerName} onChange={s.setPrinterName} />
        {s.progress && (
          <div className="space-y-1.5">
            <ProgressBar value={(s.progress.done / s.progress.total) * 100} label="Bulk printing progress" />
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Printed {formatCount(s.progress.done)} of {formatCount(s.progress.total)} products…
            </p>
          </div>
        )}
        <Button
          className="w-full"
          onClick={s.printBulk}
          isLoading={Boolean(s.progress)}
          disabled={s.isPrinting}
        >
          {!s.progress && <Printer className="size-4" aria-hidden />}
          {PRINT_TEXTS.printTotal(s.totalLabels)}
        </Button>
      </div>
    </Card>
  );
}

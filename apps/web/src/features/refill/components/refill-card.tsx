import type { TReplenishmentRow } from '@quantics/contracts';
import { ArrowDown, Check, Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { REFILL_TEXTS } from '../refill-texts';

type Props = {
  row: TReplenishmentRow;
  days: number;
  /** Absent for members: they read the list. */
  onMoved?: (row: TReplenishmentRow, units: number) => Promise<void>;
};

/** One product to bring out: what the floor and stockroom hold, where from and to, and a Moved button. */
export function RefillCard({ row, days, onMoved }: Props) {
  const [units, setUnits] = useState(row.to_move);
  const [isSaving, setIsSaving] = useState(false);
  const step = (by: number) => setUnits((u) => Math.min(row.stockroom, Math.max(1, u + by)));
  return (
    <li
      data-testid="refill-row"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-slate-900 dark:text-slate-100">{row.name}</p>
          <p className="font-mono text-xs text-slate-500 dark:text-slate-400">{row.sku}</p>
        </div>
        <div className="shrink-0 text-right">
          <p className="text-2xl font-semibold tabular-nums text-brand-700 dark:text-brand-300">
            {row.to_move}
          </p>
          <p className="text-xs text-slate-500 dark:text-slate-400">{REFILL_TEXTS.toMove}</p>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center text-xs">
        <Figure label={REFILL_TEXTS.onFloor} value={`${row.sales_floor} / ${row.floor_min}`} />
        <Figure label={REFILL_TEXTS.inStockroom} value={String(row.stockroom)} />
        <Figure label="Sold" value={REFILL_TEXTS.sold(row.recent_sales, days)} isSmall />
      </dl>
      <div className="space-y-0.5 text-sm text-slate-700 dark:text-slate-300">
        <p className="truncate" title={row.from_location}>
          {row.from_location}
        </p>
        <ArrowDown className="size-4 text-slate-400" aria-hidden />
        <p className="truncate" title={row.to_location}>
          {row.to_location}
        </p>
      </div>
      {onMoved && (
        <div className="flex items-center gap-2">
          <div className="flex items-center rounded-lg border border-slate-200 dark:border-slate-700">
            <Button
              variant="ghost"
              size="sm"
              aria-label="One fewer"
              onClick={() => step(-1)}
              disabled={units <= 1}
            >
              <Minus className="size-4" aria-hidden />
            </Button>
            <output aria-label={REFILL_TEXTS.quantity(row.name)} className="w-10 text-center tabular-nums">
              {formatCount(units)}
            </output>
            <Button
              variant="ghost"
              size="sm"
              aria-label="One more"
              onClick={() => step(1)}
              disabled={units >= row.stockroom}
            >
              <Plus className="size-4" aria-hidden />
            </Button>
          </div>
          <Button
            className="flex-1"
            isLoading={isSaving}
            onClick={async () => {
              setIsSaving(true);
              try {
                await onMoved(row, units);
              } finally {
                setIsSaving(false);
              }
            }}
          >
            <Check className="size-4" aria-hidden />
            {REFILL_TEXTS.moved}
          </Button>
        </div>
      )}
    </li>
  );
}

function Figure({ label, value, isSmall }: { label: string; value: string; isSmall?: boolean }) {
  return (
    <div className="rounded-lg bg-slate-50 px-2 py-1.5 dark:bg-slate-800/60">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd
        className={
          isSmall
            ? 'font-medium text-slate-800 dark:text-slate-200'
            : 'text-base font-semibold tabular-nums text-slate-900 dark:text-slate-100'
        }
      >
        {value}
      </dd>
    </div>
  );
}

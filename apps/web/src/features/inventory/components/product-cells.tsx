import { displayRfidTag, type TProduct } from '@quantics/contracts';
import { History } from 'lucide-react';
import { EditDeleteActions, RowAction, RowActions } from '@/components/ui/row-actions';
import { cn } from '@/lib/cn';
import { formatCount, formatDate } from '@/lib/format';
import { INVENTORY_TEXTS } from '../inventory-texts';

/** What a product's row offers: its history to everyone; editing and deleting to operators and admins. */
export type ProductHandlers = {
  onHistory: (p: TProduct) => void;
  onEdit?: (p: TProduct) => void;
  onDelete?: (p: TProduct) => void;
};

export function RfidTag({ tag }: { tag: string | null }) {
  return tag ? (
    <span className="font-mono text-xs tracking-wide text-slate-700 dark:text-slate-300" title={tag}>
      {displayRfidTag(tag)}
    </span>
  ) : (
    <span className="text-slate-400 italic dark:text-slate-500">{INVENTORY_TEXTS.notAssigned}</span>
  );
}

export function LocationName({ name }: { name: string | null }) {
  return name ? (
    <span>{name}</span>
  ) : (
    <span className="text-slate-400 dark:text-slate-500">{INVENTORY_TEXTS.notSet}</span>
  );
}

export function LastScanned({ at }: { at: string | null }) {
  return at ? (
    <span className="whitespace-nowrap">{formatDate(at)}</span>
  ) : (
    <span className="text-slate-400 dark:text-slate-500">{INVENTORY_TEXTS.never}</span>
  );
}

/**
 * The quantity, red at 0 and amber at or below the minimum. Under a location filter, the units in that place,
 * with the total (what the status follows) beneath.
 */
export function Quantity({ product }: { product: TProduct }) {
  const here = product.location_quantity;
  const warning = cn(
    product.status === 'out-of-stock' && 'text-red-600 dark:text-red-400',
    product.status === 'low-stock' && 'text-amber-600 dark:text-amber-400',
  );
  if (here === undefined) {
    return (
      <span className={cn('font-semibold tabular-nums', warning || 'text-slate-900 dark:text-slate-100')}>
        {formatCount(product.quantity)}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-col lg:items-end">
      <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">
        {formatCount(here)}
      </span>
      <span
        className={cn(
          'text-xs whitespace-nowrap tabular-nums',
          warning || 'text-slate-500 dark:text-slate-400',
        )}
      >
        {INVENTORY_TEXTS.inAll(product.quantity)}
      </span>
    </span>
  );
}

export function ProductActions({ product, handlers }: { product: TProduct; handlers: ProductHandlers }) {
  const { onEdit, onDelete } = handlers;
  return (
    <RowActions>
      <RowAction
        icon={History}
        label={INVENTORY_TEXTS.historyOf(product.name)}
        title={INVENTORY_TEXTS.history}
        onClick={() => handlers.onHistory(product)}
      />
      {onEdit && onDelete && (
        <EditDeleteActions
          name={product.name}
          onEdit={() => onEdit(product)}
          onDelete={() => onDelete(product)}
        />
      )}
    </RowActions>
  );
}

/** Category and vendor under the name, when the product has them. */
export function ProductSubline({ product }: { product: TProduct }) {
  const parts = [product.category, product.vendor].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="truncate text-xs text-slate-500 dark:text-slate-400">{parts.join(' · ')}</p>;
}

import type { TProduct, TStockRow } from '@quantics/contracts';
import { ChevronRight, CornerDownRight, MapPin } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { useLocations } from '@/shared/locations/locations-api';
import { INVENTORY_TEXTS } from '../inventory-texts';
import { LocationName } from './product-cells';

/** A product kept in more than one place: the list shows its places under it. */
export const isInSeveralPlaces = (p: TProduct) => p.stock.length > 1;

type Place = TStockRow & { path: string | null };

/**
 * A product's places by their paths ("Downtown > Sales Floor > Aisle 3"), in that order, no location last: a chain's
 * stores have rooms of the same name, which the name alone would not tell apart. The locations are the ones the
 * toolbar's filter has loaded already; until they come, the names.
 */
function usePlaces(product: TProduct): Place[] {
  const locations = useLocations();
  const paths = new Map((locations.data ?? []).map((l) => [l.id, l.path]));
  const places = product.stock.map((s) => ({
    ...s,
    path: s.location_id === null ? null : (paths.get(s.location_id) ?? s.location),
  }));
  return places.sort((a, b) => (a.path === null ? 1 : b.path === null ? -1 : a.path.localeCompare(b.path)));
}

/** The Location cell of a product in several places: "3 places", which opens its rows of places. */
export function PlacesToggle({
  product,
  isOpen,
  onToggle,
}: {
  product: TProduct;
  isOpen: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={isOpen}
      className="-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-focus dark:text-brand-300 dark:hover:bg-brand-500/10"
    >
      <ChevronRight className={cn('size-4 transition-transform', isOpen && 'rotate-90')} aria-hidden />
      {INVENTORY_TEXTS.places(product.stock.length)}
      {/* Which product's places, for a screen reader moving through the buttons alone. */}
      <span className="sr-only"> of {product.name}</span>
    </button>
  );
}

/**
 * The rows under an opened product in the table: each place's units under Quantity and its name under Location,
 * so the figures line up with the total above them.
 */
export function PlaceRows({ product, columnsAfter }: { product: TProduct; columnsAfter: number }) {
  return usePlaces(product).map((s) => (
    <tr
      key={s.location_id ?? 'none'}
      data-testid="product-place"
      className="bg-slate-50/80 text-sm dark:bg-slate-800/30"
    >
      <td colSpan={3} className="py-2 pr-4 pl-8 text-xs text-slate-400 dark:text-slate-500">
        <CornerDownRight className="inline size-3.5" aria-hidden />
        <span className="sr-only">{product.name} at this place</span>
      </td>
      <td className="px-4 py-2 text-right font-medium tabular-nums text-slate-700 dark:text-slate-300">
        {formatCount(s.quantity)}
      </td>
      {/* The path takes the cells to the right as well: it is longer than a name. */}
      <td colSpan={columnsAfter + 1} className="px-4 py-2 text-slate-700 dark:text-slate-300">
        <PlaceName name={s.path} isHome={s.location_id === product.location_id} />
      </td>
    </tr>
  ));
}

/** A card's line per place, on phones (no room for rows that open). */
export function PlaceLines({ product }: { product: TProduct }) {
  return (
    <ul
      aria-label={`Places of ${product.name}`}
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800"
    >
      {usePlaces(product).map((s) => (
        <li
          key={s.location_id ?? 'none'}
          data-testid="product-place-line"
          className="flex items-start justify-between gap-3 px-3 py-2"
        >
          <span className="flex min-w-0 items-start gap-1.5 text-slate-700 dark:text-slate-300">
            <MapPin className="mt-0.5 size-3.5 shrink-0 text-slate-400" aria-hidden />
            <span className="min-w-0 break-words">
              <PlaceName name={s.path} isHome={s.location_id === product.location_id} />
            </span>
          </span>
          <span className="font-medium tabular-nums text-slate-900 dark:text-slate-100">
            {formatCount(s.quantity)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A place's name ('Not set' for no location), with "home" beside the place new stock goes to. */
function PlaceName({ name, isHome }: { name: string | null; isHome: boolean }) {
  return (
    <>
      <LocationName name={name} />
      {isHome && (
        <span className="ml-2 rounded bg-slate-200/70 px-1.5 py-0.5 text-[0.6875rem] font-medium text-slate-600 dark:bg-slate-700/70 dark:text-slate-300">
          {INVENTORY_TEXTS.home}
        </span>
      )}
    </>
  );
}

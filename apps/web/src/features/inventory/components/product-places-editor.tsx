import type { TLocation, TProductInput, TProductRequest } from '@quantics/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { type FieldPath, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { formatCount } from '@/lib/format';
import { INVENTORY_TEXTS } from '../inventory-texts';

type Form = UseFormReturn<TProductRequest, unknown, TProductInput>;
type PlaceId = number | '' | null | undefined;

/** Empty inputs are left out (the schema's message applies); anything else goes to the schema as a number. */
export const toNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** "Not set" and the company's locations by path: the choices of a product's place. */
export function LocationOptions({ locations }: { locations: TLocation[] }) {
  return (
    <>
      <option value="">{INVENTORY_TEXTS.notSet}</option>
      {locations.map((l) => (
        <option key={l.id} value={l.id}>
          {l.path}
        </option>
      ))}
    </>
  );
}

/**
 * The form's places. None in the `stock` list: one place, edited with today's Location and Quantity fields. Two or
 * more: the list replaces them. Adding a place to a one-place product moves its place into the list first; removing
 * all but one moves that one back, so a product in one place always looks as it did before stock by location.
 */
export function usePlaces(form: Form, locations: TLocation[]) {
  const places = useFieldArray({ control: form.control, name: 'stock' });
  // Focus moves once the fields it names exist, after the render that adds or removes them.
  const focusNext = useRef<FieldPath<TProductRequest> | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    form.setFocus(focusNext.current);
    focusNext.current = null;
  });

  /** A place not listed yet: the first free location by path, else "no location". */
  const freePlace = (used: PlaceId[]): number | '' => {
    const taken = new Set(used.map((id) => id ?? ''));
    return locations.find((l) => !taken.has(l.id))?.id ?? '';
  };

  const addPlace = () => {
    const rows = form.getValues('stock') ?? [];
    if (rows.length === 0) {
      const here = {
        location_id: form.getValues('location_id') ?? '',
        quantity: form.getValues('quantity') ?? 0,
      };
      places.replace([here, { location_id: freePlace([here.location_id]), quantity: 0 }]);
      focusNext.current = 'stock.1.location_id';
    } else {
      places.append(
        { location_id: freePlace(rows.map((r) => r.location_id)), quantity: 0 },
        { shouldFocus: false },
      );
      focusNext.current = `stock.${rows.length}.location_id`;
    }
  };

  const removePlace = (index: number) => {
    const rows = form.getValues('stock') ?? [];
    if (rows.length > 2) {
      places.remove(index);
      focusNext.current = `stock.${Math.min(index, rows.length - 2)}.location_id`;
      return;
    }
    const left = rows[index === 0 ? 1 : 0];
    form.setValue('location_id', left?.location_id ?? '');
    form.setValue('quantity', left?.quantity);
    places.replace([]);
    focusNext.current = 'location_id';
  };

  return { fields: places.fields, isSeveral: places.fields.length > 0, addPlace, removePlace };
}

export type Places = ReturnType<typeof usePlaces>;

/** The control that turns a one-place product into a list of places (and adds to the list). */
export function AddPlaceButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="-mx-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-focus dark:text-brand-300 dark:hover:bg-brand-500/10"
    >
      <Plus className="size-4" aria-hidden />
      {INVENTORY_TEXTS.addPlace}
    </button>
  );
}

const ROW =
  'grid grid-cols-[minmax(0,1fr)_6rem_2.5rem] items-center gap-2 sm:grid-cols-[minmax(0,1fr)_8rem_2.5rem]';

/** Two or more places: a location and a quantity each, a remove button, and their total. */
export function PlacesEditor({
  form,
  places,
  locations,
}: {
  form: Form;
  places: Places;
  locations: TLocation[];
}) {
  const { errors } = form.formState;
  const rows = useWatch({ control: form.control, name: 'stock' }) ?? [];
  const total = rows.reduce(
    (sum, r) => sum + (Number.isFinite(Number(r.quantity)) ? Number(r.quantity) : 0),
    0,
  );
  // A place given twice is the whole list's error (zodResolver files it under the array's root).
  const listError = errors.stock?.root?.message ?? errors.stock?.message;
  return (
    <fieldset className="col-span-2" aria-describedby={listError ? 'places-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
        {INVENTORY_TEXTS.placesLegend}
      </legend>
      <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700">
        <div
          aria-hidden
          className={`hidden items-center gap-2 sm:grid sm:grid-cols-[minmax(0,1fr)_8rem_2.5rem] border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-medium tracking-wide text-slate-500 uppercase dark:border-slate-700 dark:bg-slate-800/50 dark:text-slate-400`}
        >
          <span>Location</span>
          <span className="pr-3 text-right">Quantity</span>
        </div>
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {places.fields.map((field, i) => {
            const rowError = errors.stock?.[i]?.quantity?.message ?? errors.stock?.[i]?.location_id?.message;
            const errorId = `place-${field.id}-error`;
            return (
              <li key={field.id} data-testid="place-row" className="px-3 py-2">
                <div className={ROW}>
                  <Select
                    // Mounted again once the locations have come, so it shows the row's place among them.
                    key={locations.length > 0 ? 'ready' : 'loading'}
                    aria-label={`Location of place ${i + 1}`}
                    className="col-span-3 sm:col-span-1"
                    hasError={!!errors.stock?.[i]?.location_id}
                    aria-describedby={rowError ? errorId : undefined}
                    {...form.register(`stock.${i}.location_id`, {
                      setValueAs: (v) => (v === '' ? '' : Number(v)),
                    })}
                  >
                    <LocationOptions locations={locations} />
                  </Select>
                  <span
                    aria-hidden
                    className="text-right text-sm text-slate-500 sm:hidden dark:text-slate-400"
                  >
                    Quantity
                  </span>
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    aria-label={`Quantity of place ${i + 1}`}
                    aria-describedby={rowError ? errorId : undefined}
                    hasError={!!errors.stock?.[i]?.quantity}
                    className="text-right tabular-nums"
                    {...form.register(`stock.${i}.quantity`, { setValueAs: toNumber })}
                  />
                  <button
                    type="button"
                    aria-label={`Remove place ${i + 1}`}
                    title="Remove this place"
                    onClick={() => places.removePlace(i)}
                    className="inline-flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-focus dark:text-slate-400 dark:hover:bg-red-500/10 dark:hover:text-red-400"
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </div>
                {rowError && (
                  <p id={errorId} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
                    {rowError}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <div className="flex items-center justify-between gap-3 border-t border-slate-200 bg-slate-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-800/50">
          <AddPlaceButton onClick={places.addPlace} />
          <p className="mr-12 pr-3 text-sm whitespace-nowrap text-slate-600 dark:text-slate-400">
            {INVENTORY_TEXTS.total}
            <span
              data-testid="places-total"
              className="ml-2 font-semibold tabular-nums text-slate-900 dark:text-slate-100"
            >
              {formatCount(total)}
            </span>
          </p>
        </div>
      </div>
      {listError && (
        <p id="places-error" role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {listError}
        </p>
      )}
    </fieldset>
  );
}

import {
  normalizeSku,
  rfidTagFromSku,
  SKU_MAX,
  type TProductInput,
  type TProductRequest,
} from '@quantics/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { Field, Input, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useLocations } from '@/shared/locations/locations-api';
import { INVENTORY_TEXTS } from '../inventory-texts';
import { AddPlaceButton, LocationOptions, PlacesEditor, toNumber, usePlaces } from './product-places-editor';

type Form = UseFormReturn<TProductRequest, unknown, TProductInput>;

export function ProductFormFields({ form, minDate }: { form: Form; minDate: string }) {
  const { errors } = form.formState;
  const locations = useLocations();
  const sku = form.watch('sku') ?? '';
  const ownTag = form.watch('epc') ?? '';
  // Registered in the order they are shown: after a refused submit, focus goes to the first field in error.
  const nameField = form.register('name');
  const skuField = form.register('sku');
  // The spec gives one message for both required fields: mark the fields, say it once.
  const required = INVENTORY_TEXTS.nameAndSkuRequired;
  const isMissing = errors.name?.message === required || errors.sku?.message === required;
  const own = (message: string | undefined) => (message === required ? undefined : message);
  const sorted = [...(locations.data ?? [])].sort((a, b) => a.path.localeCompare(b.path));
  // One place: today's Location and Quantity fields. Several: their list, under the SKU, instead.
  const places = usePlaces(form, sorted);
  const several = places.isSeveral;

  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4">
      <div className="col-span-2">
        <TextField
          label="Product Name"
          autoComplete="off"
          placeholder="Blue Dream 3.5g"
          error={own(errors.name?.message)}
          hasError={!!errors.name}
          {...nameField}
        />
      </div>
      <div className={cn('col-span-2', !several && 'sm:col-span-1')}>
        <TextField
          label="SKU"
          autoComplete="off"
          placeholder="BD35"
          maxLength={SKU_MAX}
          className="font-mono uppercase"
          error={own(errors.sku?.message)}
          hasError={!!errors.sku}
          hint={
            ownTag
              ? 'RFID tag: the one the item carries (below)'
              : `RFID tag: ${sku ? rfidTagFromSku(sku) : '—'}`
          }
          {...skuField}
          onChange={(e) => {
            e.target.value = normalizeSku(e.target.value).slice(0, SKU_MAX);
            return skuField.onChange(e);
          }}
        />
      </div>
      {several ? (
        <PlacesEditor form={form} places={places} locations={sorted} />
      ) : (
        <div className="col-span-2 sm:col-span-1">
          <Field label="Location" error={errors.location_id?.message}>
            {(id, describedBy) => (
              <Select
                // Mounted again once the locations have come, so it shows the product's place among them.
                key={locations.isSuccess ? 'ready' : 'loading'}
                id={id}
                aria-describedby={describedBy}
                hasError={!!errors.location_id}
                {...form.register('location_id', { setValueAs: (v) => (v === '' ? '' : Number(v)) })}
              >
                <LocationOptions locations={sorted} />
              </Select>
            )}
          </Field>
          <div className="mt-1">
            <AddPlaceButton onClick={places.addPlace} />
          </div>
        </div>
      )}
      <div className="col-span-2 sm:col-span-1">
        <TextField
          label="GTIN"
          autoComplete="off"
          inputMode="numeric"
          placeholder="00614141000036"
          className="font-mono"
          hint="Optional. Tags with this GTIN (GS1 SGTIN) count for this product."
          error={errors.gtin?.message}
          hasError={!!errors.gtin}
          {...form.register('gtin')}
        />
      </div>
      <div className="col-span-2 sm:col-span-1">
        <TextField
          label="Tag the item already carries (EPC)"
          autoComplete="off"
          placeholder="24 hex digits"
          maxLength={24}
          className="font-mono uppercase"
          hint="Optional. Empty: the tag made from the SKU."
          error={errors.epc?.message}
          hasError={!!errors.epc}
          {...form.register('epc')}
        />
      </div>
      <div className="col-span-2">
        <Field label="Description" error={errors.description?.message}>
          {(id, describedBy) => (
            <Textarea
              id={id}
              aria-describedby={describedBy}
              rows={2}
              hasError={!!errors.description}
              {...form.register('description')}
            />
          )}
        </Field>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <TextField
          label="Category"
          placeholder="Flower"
          error={errors.category?.message}
          {...form.register('category')}
        />
      </div>
      <div className="col-span-2 sm:col-span-1">
        <TextField
          label="Vendor"
          placeholder="Green Valley Farms"
          error={errors.vendor?.message}
          {...form.register('vendor')}
        />
      </div>
      <TextField
        label="Unit Cost ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        placeholder="0.00"
        error={errors.unit_cost?.message}
        hasError={!!errors.unit_cost}
        {...form.register('unit_cost', { setValueAs: toNumber })}
      />
      <TextField
        label="Retail Price ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        placeholder="0.00"
        error={errors.retail_price?.message}
        hasError={!!errors.retail_price}
        {...form.register('retail_price', { setValueAs: toNumber })}
      />
      {!several && (
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.quantity?.message}
          hasError={!!errors.quantity}
          {...form.register('quantity', { setValueAs: toNumber })}
        />
      )}
      <TextField
        label="Min Stock Level"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint="Low Stock at or below this."
        error={errors.min_stock_level?.message}
        hasError={!!errors.min_stock_level}
        {...form.register('min_stock_level', { setValueAs: toNumber })}
      />
      {/* Beside the minimum when the quantity has moved up into the places. */}
      <div className={several ? 'col-span-1' : 'col-span-2'}>
        <Field label="Expiration Date" error={errors.expiration_date?.message} hint="Optional.">
          {(id, describedBy) => (
            <Input
              id={id}
              type="date"
              min={minDate}
              aria-describedby={describedBy}
              hasError={!!errors.expiration_date}
              className={several ? undefined : 'sm:w-1/2'}
              {...form.register('expiration_date')}
            />
          )}
        </Field>
      </div>
      {isMissing && (
        <p
          role="alert"
          className="col-span-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
        >
          {required}
        </p>
      )}
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TProduct,
  type TProductInput,
  type TProductRequest,
  ZProductRequest,
} from '@quantics/contracts';
import { History, MapPin, Package } from 'lucide-react';
import { useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useCan } from '@/app/use-can';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useLocations } from '@/shared/locations/locations-api';
import { ProductSerialsPanel } from '@/shared/serials/product-serials-panel';
import { WHERE_TEXTS, WhereItIs } from '@/shared/zones/where-it-is';
import { useSaveProduct } from '../api/save-product';
import { INVENTORY_TEXTS } from '../inventory-texts';
import { InTransitList } from './in-transit';
import { ProductFormFields } from './product-form-fields';
import { ProductHistory } from './product-history';

/** Today on the person's own calendar, YYYY-MM-DD (the date input's minimum). */
export function localToday(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

const EMPTY: TProductRequest = {
  name: '',
  sku: '',
  description: '',
  category: '',
  vendor: '',
  unit_cost: undefined,
  retail_price: undefined,
  quantity: 0,
  min_stock_level: 0,
  location_id: '',
  stock: [],
  expiration_date: '',
  gtin: '',
  epc: '',
};

/** A product's places in the order the list shows them: by path once the locations are known, no location last. */
function byPath(p: TProduct, paths: Map<number, string>) {
  const key = (id: number | null) => (id === null ? '\uffff' : (paths.get(id) ?? ''));
  return [...p.stock].sort((a, b) => key(a.location_id).localeCompare(key(b.location_id)));
}

const fromProduct = (p: TProduct, paths: Map<number, string>): TProductRequest => ({
  name: p.name,
  sku: p.sku,
  description: p.description ?? '',
  category: p.category ?? '',
  vendor: p.vendor ?? '',
  unit_cost: p.unit_cost,
  retail_price: p.retail_price,
  quantity: p.quantity,
  min_stock_level: p.min_stock_level,
  location_id: p.location_id ?? '',
  // One place is edited in the Location and Quantity fields; several in the list of places.
  stock:
    p.stock.length > 1
      ? byPath(p, paths).map((s) => ({ location_id: s.location_id ?? '', quantity: s.quantity }))
      : [],
  expiration_date: p.expiration_date ?? '',
  gtin: p.gtin ?? '',
  epc: p.tag_source === 'explicit' ? p.epc : '',
});

/**
 * The contracts' product schema plus the date rule: an expiration date may not be set before today, though an
 * already expired product keeps its date when edited (the server applies the same rule).
 */
function productSchema(originalDate: string | null) {
  return ZProductRequest.superRefine((v, ctx) => {
    if (v.expiration_date && v.expiration_date < localToday() && v.expiration_date !== originalDate) {
      ctx.addIssue({ code: 'custom', path: ['expiration_date'], message: INVENTORY_TEXTS.expirationInPast });
    }
  });
}

export type ProductTab = 'details' | 'history' | 'where';

type Props = {
  /** 'new' adds a product; a product edits it; null is closed. */
  product: TProduct | 'new' | null;
  onOpenChange: (isOpen: boolean) => void;
  /** The tab a product opens on (a row's History button opens its history). */
  tab?: ProductTab;
  /** False for members: a product's history alone, no form. */
  canEdit?: boolean;
};

export function ProductDialog({ product, onOpenChange, tab = 'details', canEdit = true }: Props) {
  const isEdit = product !== null && product !== 'new';
  if (isEdit && !canEdit) {
    return (
      <Dialog
        isOpen
        onOpenChange={onOpenChange}
        title={product.name}
        description={INVENTORY_TEXTS.historyDescription(product.sku)}
        size="xl"
      >
        <div className="space-y-6">
          <InTransitList product={product} />
          <WhereItIs code={product.sku} />
          <ProductHistory product={product} />
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog
      isOpen={product !== null}
      onOpenChange={onOpenChange}
      title={isEdit ? 'Edit Product' : 'Add Product'}
      description={
        isEdit
          ? `Changes to ${product.sku} apply at once; a new SKU gives the product a new RFID tag.`
          : 'Add an item to your catalogue. Its RFID tag is made from the SKU.'
      }
      size="xl"
    >
      {isEdit ? (
        <Tabs defaultValue={tab}>
          <TabsList aria-label={`${product.name}: details and history`} className="-mt-1">
            <TabsTrigger value="details">
              <Package className="size-4" aria-hidden />
              {INVENTORY_TEXTS.details}
            </TabsTrigger>
            <TabsTrigger value="history">
              <History className="size-4" aria-hidden />
              {INVENTORY_TEXTS.history}
            </TabsTrigger>
            <TabsTrigger value="where">
              <MapPin className="size-4" aria-hidden />
              {WHERE_TEXTS.title}
            </TabsTrigger>
          </TabsList>
          {/* Kept mounted while the history is shown, so an edit in progress is still there on coming back. */}
          <TabsContent value="details" forceMount className="data-[state=inactive]:hidden">
            <ProductForm key={product.id} product={product} onDone={() => onOpenChange(false)} />
          </TabsContent>
          <TabsContent value="history">
            <ProductHistory product={product} />
          </TabsContent>
          <TabsContent value="where" className="space-y-4">
            <InTransitList product={product} />
            <WhereItIs code={product.sku} />
          </TabsContent>
        </Tabs>
      ) : (
        product === 'new' && <ProductForm key="new" product={null} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

/**
 * What the form sends: a product in several places as `stock` (its home kept by the server while still listed), one
 * in one place as today's `location_id` and `quantity`. A product that was in several places and is now in one
 * sends its one place as `stock` too: the API refuses a bare quantity for a product it holds in several places.
 */
export function requestBody(values: TProductInput, wasInSeveralPlaces: boolean): TProductRequest {
  const { stock, quantity, location_id, ...rest } = values;
  if (stock && stock.length > 1) return { ...rest, stock };
  if (wasInSeveralPlaces) {
    return { ...rest, location_id, stock: [{ location_id: location_id ?? null, quantity: quantity ?? 0 }] };
  }
  return { ...rest, location_id, quantity };
}

function ProductForm({ product, onDone }: { product: TProduct | null; onDone: () => void }) {
  const save = useSaveProduct();
  const locations = useLocations();
  const resolver = useMemo(() => {
    const zod = zodResolver(productSchema(product?.expiration_date ?? null));
    // The form holds both shapes: an empty list of places for a product in one place (the API's schema knows no
    // empty list), and the hidden Quantity field's value beside a list (the API takes one or the other).
    const oneShape: Resolver<TProductRequest, unknown, TProductInput> = (values, context, options) =>
      zod(
        values.stock?.length ? { ...values, quantity: undefined } : { ...values, stock: undefined },
        context,
        options,
      );
    return oneShape;
  }, [product]);
  const form = useForm<TProductRequest, unknown, TProductInput>({
    resolver,
    // The locations the list has loaded (usually there already): the places start in the list's order.
    defaultValues: product
      ? fromProduct(product, new Map((locations.data ?? []).map((l) => [l.id, l.path])))
      : EMPTY,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const body = requestBody(values, (product?.stock.length ?? 0) > 1);
      await save.mutateAsync({ id: product?.id, body });
      notify.success(product ? INVENTORY_TEXTS.updated : INVENTORY_TEXTS.created);
      onDone();
    } catch (err) {
      const message = errorMessage(err, INVENTORY_TEXTS.saveFailed);
      // A taken SKU (or the tag it would make) is the SKU field's problem, a taken GTIN the GTIN's: say it there too.
      if (err instanceof ApiError && err.status === 409) {
        form.setError(message.startsWith('GTIN') ? 'gtin' : 'sku', { message });
      }
      notify.error(message);
    }
  });

  const canPrint = useCan('operator');
  return (
    <form onSubmit={onSubmit} noValidate>
      {product?.gtin && canPrint && (
        <div className="mb-5 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <h3 className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">Labels printed</h3>
          <ProductSerialsPanel productId={product.id} />
        </div>
      )}
      <ProductFormFields form={form} minDate={localToday()} />
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" isLoading={form.formState.isSubmitting}>
          {product ? 'Save Changes' : 'Add Product'}
        </Button>
      </div>
    </form>
  );
}

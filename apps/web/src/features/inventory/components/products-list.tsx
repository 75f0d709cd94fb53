import type { TProduct } from '@quantics/contracts';
import { MapPin, ScanLine } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { INVENTORY_TEXTS } from '../inventory-texts';
import { InTransitNote } from './in-transit';
import {
  LastScanned,
  LocationName,
  ProductActions,
  type ProductHandlers,
  ProductSubline,
  Quantity,
  RfidTag,
} from './product-cells';
import { isInSeveralPlaces, PlaceLines, PlaceRows, PlacesToggle } from './product-places';
import { StockBadge } from './stock-badge';

type ListProps = {
  rows: TProduct[];
  /** A member's offer the history alone: members read the catalogue and its history without write controls. */
  handlers?: ProductHandlers;
};

/** A table on large screens, cards on phones; a product kept in several places lists them (rows that open, lines). */
export function ProductsList(props: ListProps) {
  return (
    <>
      <ProductsTable {...props} />
      <ProductCards {...props} />
    </>
  );
}

function ProductsTable({ rows, handlers }: ListProps) {
  // Which products show their places; kept while pages and filters change, so a refresh does not close them.
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Table className="hidden lg:block">
      <THead>
        <tr>
          <Th>Product</Th>
          <Th>SKU</Th>
          <Th>RFID Tag</Th>
          <Th className="text-right">Quantity</Th>
          <Th>Location</Th>
          <Th>Status</Th>
          <Th>Last Scanned</Th>
          {handlers && (
            <Th className="text-right">
              <span className="sr-only">Actions</span>
            </Th>
          )}
        </tr>
      </THead>
      <TBody>
        {rows.map((p) => {
          const isOpen = isInSeveralPlaces(p) && open.has(p.id);
          return (
            <Fragment key={p.id}>
              <Tr
                data-testid="product-row"
                className={isOpen ? 'bg-slate-50/80 dark:bg-slate-800/30' : undefined}
              >
                <Td className="max-w-72">
                  <p className="truncate font-medium text-slate-900 dark:text-slate-100" title={p.name}>
                    {p.name}
                  </p>
                  <ProductSubline product={p} />
                </Td>
                <Td className="font-mono text-xs">{p.sku}</Td>
                <Td>
                  <RfidTag tag={p.rfid_tag} />
                </Td>
                <Td className="text-right">
                  <Quantity product={p} />
                  <InTransitNote product={p} />
                </Td>
                <Td className="max-w-48 truncate">
                  {isInSeveralPlaces(p) ? (
                    <PlacesToggle product={p} isOpen={isOpen} onToggle={() => toggle(p.id)} />
                  ) : (
                    <LocationName name={p.location} />
                  )}
                </Td>
                <Td>
                  <StockBadge status={p.status} />
                </Td>
                <Td>
                  <LastScanned at={p.last_scanned} />
                </Td>
                {handlers && (
                  <Td isCompact>
                    <ProductActions product={p} handlers={handlers} />
                  </Td>
                )}
              </Tr>
              {isOpen && <PlaceRows product={p} columnsAfter={handlers ? 3 : 2} />}
            </Fragment>
          );
        })}
      </TBody>
    </Table>
  );
}

function ProductCards({ rows, handlers }: ListProps) {
  return (
    <ul className="divide-y divide-slate-100 lg:hidden dark:divide-slate-800">
      {rows.map((p) => (
        <li key={p.id} data-testid="product-card" className="space-y-3 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900 dark:text-slate-100">{p.name}</p>
              <p className="font-mono text-xs text-slate-500 dark:text-slate-400">SKU {p.sku}</p>
            </div>
            <StockBadge status={p.status} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Quantity</dt>
              <dd className="flex flex-col">
                <Quantity product={p} />
                <InTransitNote product={p} />
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                <MapPin className="size-3" aria-hidden /> Location
              </dt>
              <dd className="truncate text-slate-700 dark:text-slate-300">
                {isInSeveralPlaces(p) ? (
                  INVENTORY_TEXTS.places(p.stock.length)
                ) : (
                  <LocationName name={p.location} />
                )}
              </dd>
            </div>
            <div>
              <dt className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                <ScanLine className="size-3" aria-hidden /> RFID Tag
              </dt>
              <dd>
                <RfidTag tag={p.rfid_tag} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500 dark:text-slate-400">Last Scanned</dt>
              <dd className="text-slate-700 dark:text-slate-300">
                <LastScanned at={p.last_scanned} />
              </dd>
            </div>
          </dl>
          {isInSeveralPlaces(p) && <PlaceLines product={p} />}
          {handlers && (
            <div className="-mx-2 -mb-2 border-t border-slate-100 pt-2 dark:border-slate-800">
              <ProductActions product={p} handlers={handlers} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

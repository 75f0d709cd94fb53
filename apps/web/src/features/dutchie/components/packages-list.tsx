import type { TDutchieItem } from '@quantics/contracts';
import { ArrowDown, ArrowUp, ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { Expires, formatMoney, PackageQuantity, PackageSubline, RoomsSummary } from './package-cells';
import { PackageDetails } from './package-details';

type ListProps = {
  rows: TDutchieItem[];
  order: 'asc' | 'desc';
  onToggleOrder: () => void;
  expanded: Set<string>;
  onToggle: (packageId: string) => void;
};

/** A table on large screens, cards on phones; both expand a package to its rooms and details. */
export function PackagesList(props: ListProps) {
  return (
    <>
      <PackagesTable {...props} />
      <PackageCards {...props} />
    </>
  );
}

function ExpandButton({
  item,
  isOpen,
  onToggle,
}: {
  item: TDutchieItem;
  isOpen: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={isOpen}
      aria-label={`${isOpen ? 'Hide' : 'Show'} details of ${item.productName}`}
      className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-slate-200"
    >
      <ChevronRight className={cn('size-4 transition-transform', isOpen && 'rotate-90')} aria-hidden />
    </button>
  );
}

function PackagesTable({ rows, order, onToggleOrder, expanded, onToggle }: ListProps) {
  const SortIcon = order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <Table className="hidden lg:block">
      <THead>
        <tr>
          <Th className="w-10">
            <span className="sr-only">Details</span>
          </Th>
          <Th aria-sort={order === 'asc' ? 'ascending' : 'descending'}>
            <button
              type="button"
              onClick={onToggleOrder}
              className="inline-flex items-center gap-1 uppercase hover:text-slate-800 dark:hover:text-slate-200"
            >
              Product
              <SortIcon className="size-3.5" aria-hidden />
              <span className="sr-only">{order === 'asc' ? '(A to Z)' : '(Z to A)'}</span>
            </button>
          </Th>
          <Th>Category</Th>
          <Th className="hidden 2xl:table-cell">Vendor</Th>
          <Th className="text-right">Quantity</Th>
          <Th>Rooms</Th>
          <Th className="text-right">Price</Th>
          <Th>Expires</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((item) => {
          const isOpen = expanded.has(item.packageId);
          return (
            <Fragment key={item.packageId}>
              <Tr data-testid="package-row" className={cn(isOpen && 'bg-slate-50/80 dark:bg-slate-800/40')}>
                <Td isCompact>
                  <ExpandButton item={item} isOpen={isOpen} onToggle={() => onToggle(item.packageId)} />
                </Td>
                <Td className="max-w-72">
                  <p
                    className="truncate font-medium text-slate-900 dark:text-slate-100"
                    title={item.productName}
                  >
                    {item.productName}
                  </p>
                  <PackageSubline item={item} />
                </Td>
                <Td>{item.category ?? '—'}</Td>
                <Td className="hidden max-w-48 truncate 2xl:table-cell">{item.vendor ?? '—'}</Td>
                <Td className="text-right">
                  <PackageQuantity quantity={item.quantity} />
                </Td>
                <Td className="max-w-56 text-xs">
                  <RoomsSummary item={item} />
                </Td>
                <Td className="text-right tabular-nums">{formatMoney(item.unitPrice)}</Td>
                <Td>
                  <Expires day={item.expirationDate} />
                </Td>
              </Tr>
              {isOpen && (
                <tr className="bg-slate-50/80 dark:bg-slate-800/40">
                  <td colSpan={8} className="px-6 pt-1 pb-5">
                    <PackageDetails item={item} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </TBody>
    </Table>
  );
}

function PackageCards({ rows, expanded, onToggle }: ListProps) {
  return (
    <ul className="divide-y divide-slate-100 lg:hidden dark:divide-slate-800">
      {rows.map((item) => {
        const isOpen = expanded.has(item.packageId);
        return (
          <li key={item.packageId} data-testid="package-card" className="space-y-3 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-slate-100">{item.productName}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {[item.category, item.vendor].filter(Boolean).join(' · ')}
                </p>
              </div>
              <ExpandButton item={item} isOpen={isOpen} onToggle={() => onToggle(item.packageId)} />
            </div>
            <dl className="grid grid-cols-3 gap-x-3 text-sm">
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Quantity</dt>
                <dd>
                  <PackageQuantity quantity={item.quantity} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Price</dt>
                <dd className="tabular-nums text-slate-700 dark:text-slate-300">
                  {formatMoney(item.unitPrice)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Expires</dt>
                <dd>
                  <Expires day={item.expirationDate} />
                </dd>
              </div>
            </dl>
            {isOpen && (
              <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/50">
                <PackageDetails item={item} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

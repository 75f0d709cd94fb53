import { ChevronRight, MapPin, Package } from 'lucide-react';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { LastCounted, NextDue } from '@/shared/locations/place-counting';
import { subLocationsLabel, type TreeRow } from '../location-tree';
import { LOCATION_TEXTS } from '../locations-texts';
import { KindBadge } from './kind-badge';
import { LocationActions, type LocationHandlers } from './location-actions';

type TreeProps = {
  rows: TreeRow[];
  collapsed: ReadonlySet<number>;
  onToggle: (id: number) => void;
  /** Absent for members, who read the tree without write controls. */
  handlers?: LocationHandlers;
};

/** A hierarchical table on large screens, indented cards on phones, from the same visible rows. */
export function LocationsTree(props: TreeProps) {
  return (
    <>
      <TreeTable {...props} />
      <TreeCards {...props} />
    </>
  );
}

function NameCell({ row, collapsed, onToggle }: { row: TreeRow } & Omit<TreeProps, 'rows' | 'handlers'>) {
  const { location, hasChildren } = row;
  const isOpen = !collapsed.has(location.id);
  return (
    <div className="flex items-start gap-1.5" style={{ paddingLeft: `${row.depth * 1.5}rem` }}>
      {hasChildren ? (
        <button
          type="button"
          onClick={() => onToggle(location.id)}
          aria-expanded={isOpen}
          aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${location.name}`}
          className="-ml-1 rounded p-0.5 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
        >
          <ChevronRight className={cn('size-4 transition-transform', isOpen && 'rotate-90')} aria-hidden />
        </button>
      ) : (
        <span className="w-4 shrink-0" aria-hidden />
      )}
      <MapPin
        className={cn(
          'mt-0.5 size-4 shrink-0',
          row.depth === 0 ? 'text-brand-600 dark:text-brand-400' : 'text-slate-400',
        )}
        aria-hidden
      />
      <div className="min-w-0">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-slate-900 dark:text-slate-100">{location.name}</span>
          <KindBadge kind={location.kind} />
        </p>
        {location.parent_name && (
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">in {location.parent_name}</p>
        )}
      </div>
    </div>
  );
}

function SubCount({ n }: { n: number }) {
  return (
    <span className={n === 0 ? 'text-slate-400 dark:text-slate-500' : undefined}>
      {subLocationsLabel(n, LOCATION_TEXTS.noChildren)}
    </span>
  );
}

function TreeTable({ rows, collapsed, onToggle, handlers }: TreeProps) {
  return (
    <Table className="hidden md:block">
      <THead>
        <tr>
          <Th>Location</Th>
          <Th>Description</Th>
          <Th>Sub-locations</Th>
          <Th className="text-right">Products</Th>
          <Th>Last count</Th>
          <Th>Next count</Th>
          {handlers && (
            <Th className="text-right">
              <span className="sr-only">Actions</span>
            </Th>
          )}
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.location.id} data-testid="location-row" data-depth={row.depth}>
            <Td className="max-w-80">
              <NameCell row={row} collapsed={collapsed} onToggle={onToggle} />
            </Td>
            <Td className="max-w-64">
              <p className="line-clamp-2 text-slate-600 dark:text-slate-400">
                {row.location.description || '—'}
              </p>
            </Td>
            <Td className="whitespace-nowrap">
              <SubCount n={row.location.children_count} />
            </Td>
            <Td className="text-right tabular-nums">{formatCount(row.location.product_count)}</Td>
            <Td className="whitespace-nowrap">
              <LastCounted counting={row.location.counting} />
            </Td>
            <Td className="whitespace-nowrap" data-testid="location-next-count">
              <NextDue counting={row.location.counting} />
            </Td>
            {handlers && (
              <Td isCompact>
                <LocationActions location={row.location} handlers={handlers} />
              </Td>
            )}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

function TreeCards({ rows, collapsed, onToggle, handlers }: TreeProps) {
  return (
    <ul className="divide-y divide-slate-100 md:hidden dark:divide-slate-800">
      {rows.map((row) => (
        <li key={row.location.id} data-testid="location-card" className="space-y-1.5 px-4 py-3">
          <div className="flex items-start justify-between gap-2">
            <NameCell row={row} collapsed={collapsed} onToggle={onToggle} />
            {handlers && <LocationActions location={row.location} handlers={handlers} />}
          </div>
          <div style={{ paddingLeft: `${row.depth * 1.5 + 2.25}rem` }} className="space-y-1.5">
            {row.location.description && (
              <p className="text-sm text-slate-600 dark:text-slate-400">{row.location.description}</p>
            )}
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
              <SubCount n={row.location.children_count} />
              <span className="inline-flex items-center gap-1">
                <Package className="size-3" aria-hidden />
                {formatCount(row.location.product_count)}{' '}
                {row.location.product_count === 1 ? 'product' : 'products'}
              </span>
            </p>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
              <span>
                Last count: <LastCounted counting={row.location.counting} />
              </span>
              <span data-testid="location-next-count">
                Next: <NextDue counting={row.location.counting} />
              </span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

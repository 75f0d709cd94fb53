import { SEARCH_MAX, type TStockStatus } from '@quantics/contracts';
import { Download, RefreshCw, Search, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { STATUS_FILTERS } from '../inventory-texts';
import { type LocationFilter, LocationFilterSelect } from './location-filter';

export type StatusFilter = TStockStatus | 'all';

type Props = {
  search: string;
  onSearchChange: (value: string) => void;
  status: StatusFilter;
  onStatusChange: (value: StatusFilter) => void;
  location: LocationFilter;
  onLocationChange: (value: LocationFilter) => void;
  onRefresh: () => void;
  isRefreshing: boolean;
  onExport: () => void;
  isExporting: boolean;
};

/**
 * Search (name, SKU or RFID tag), the status and location filters, Refresh and Export above the list. On a phone the
 * two icon buttons sit beside the search and the filters share the next line, so neither select's words are cut.
 */
export function InventoryToolbar(p: Props) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-4 md:flex-nowrap md:gap-3 dark:border-slate-800">
      <div className="relative min-w-40 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <Input
          type="search"
          value={p.search}
          maxLength={SEARCH_MAX}
          onChange={(e) => p.onSearchChange(e.target.value)}
          placeholder="Search by name, SKU or RFID tag"
          aria-label="Search products"
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {p.search && (
          <button
            type="button"
            onClick={() => p.onSearchChange('')}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-600 dark:hover:text-slate-200"
            aria-label="Clear search"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      <Select
        aria-label="Filter by status"
        value={p.status}
        onChange={(e) => p.onStatusChange(e.target.value as StatusFilter)}
        className="order-last w-[calc(50%-0.25rem)] md:order-none md:w-40 lg:w-44"
      >
        {STATUS_FILTERS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </Select>
      <LocationFilterSelect
        value={p.location}
        onChange={p.onLocationChange}
        className="order-last w-[calc(50%-0.25rem)] md:order-none md:w-44 lg:w-56"
      />
      <Button variant="secondary" onClick={p.onRefresh} aria-label="Refresh" title="Refresh">
        <RefreshCw className={cn('size-4', p.isRefreshing && 'animate-spin')} aria-hidden />
        <span className="hidden xl:inline">Refresh</span>
      </Button>
      <Button
        variant="secondary"
        onClick={p.onExport}
        isLoading={p.isExporting}
        aria-label="Export CSV"
        title="Export CSV"
      >
        {!p.isExporting && <Download className="size-4" aria-hidden />}
        <span className="hidden xl:inline">Export CSV</span>
      </Button>
    </div>
  );
}

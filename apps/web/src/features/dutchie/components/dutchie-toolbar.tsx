import { SEARCH_MAX, type TDutchieInventoryResponse } from '@quantics/contracts';
import { RefreshCw, Search, X } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { ALL, DUTCHIE_TEXTS } from '../dutchie-texts';

export type DutchieFilters = { category: string; vendor: string; room: string; includeZero: boolean };

type Props = {
  search: string;
  onSearchChange: (value: string) => void;
  /** Enter or the Search button: search now instead of after the typing pause. */
  onSearchSubmit: () => void;
  filters: DutchieFilters;
  onFiltersChange: (filters: DutchieFilters) => void;
  choices: TDutchieInventoryResponse['filters'] | undefined;
  onRefresh: () => void;
  isRefreshing: boolean;
};

function FilterSelect(p: {
  label: string;
  allLabel: string;
  value: string;
  options: string[];
  onChange: (value: string) => void;
}) {
  // A chosen value the snapshot no longer has stays selectable, so the filter never silently changes.
  const options = p.value !== ALL && !p.options.includes(p.value) ? [p.value, ...p.options] : p.options;
  return (
    <Select
      aria-label={p.label}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      className="min-w-0"
    >
      <option value={ALL}>{p.allLabel}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </Select>
  );
}

/** The search form, Refresh, category, vendor and room filters and 'Show zero quantity' above the table. */
export function DutchieToolbar(p: Props) {
  const set = (patch: Partial<DutchieFilters>) => p.onFiltersChange({ ...p.filters, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    p.onSearchSubmit();
  };
  return (
    <div className="space-y-3 border-b border-slate-200 p-4 dark:border-slate-800">
      <form aria-label="Package search" onSubmit={submit} className="flex gap-2">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            type="search"
            value={p.search}
            maxLength={SEARCH_MAX}
            onChange={(e) => p.onSearchChange(e.target.value)}
            placeholder={DUTCHIE_TEXTS.searchPlaceholder}
            aria-label="Search packages"
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
        {/* Phones search with the keyboard's own Search key. */}
        <span className="hidden sm:block">
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </span>
        <Button
          type="button"
          variant="secondary"
          onClick={p.onRefresh}
          isLoading={p.isRefreshing}
          title="Read Dutchie now"
        >
          {!p.isRefreshing && <RefreshCw className="size-4" aria-hidden />}
          <span className="hidden sm:inline">Refresh</span>
          <span className="sr-only sm:hidden">Refresh</span>
        </Button>
      </form>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[repeat(3,minmax(0,12rem))_auto] sm:items-center">
        <FilterSelect
          label="Filter by category"
          allLabel="All categories"
          value={p.filters.category}
          options={p.choices?.categories ?? []}
          onChange={(category) => set({ category })}
        />
        <FilterSelect
          label="Filter by vendor"
          allLabel="All vendors"
          value={p.filters.vendor}
          options={p.choices?.vendors ?? []}
          onChange={(vendor) => set({ vendor })}
        />
        <FilterSelect
          label="Filter by room"
          allLabel="All rooms"
          value={p.filters.room}
          options={p.choices?.rooms ?? []}
          onChange={(room) => set({ room })}
        />
        <label className="flex h-10 cursor-pointer items-center gap-2 rounded-lg px-1 text-sm text-slate-700 select-none sm:px-2 dark:text-slate-300">
          <input
            type="checkbox"
            checked={p.filters.includeZero}
            onChange={(e) => set({ includeZero: e.target.checked })}
            className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500 dark:border-slate-600 dark:bg-slate-900"
          />
          <span className="inline-block first-letter:uppercase">{DUTCHIE_TEXTS.showZero}</span>
        </label>
      </div>
    </div>
  );
}

import { ListPlus, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { PRINT_TEXTS } from '../print-texts';
import type { PrintLabelsState } from '../use-print-labels';

/** The search box (Enter searches) and its results: name, SKU, location or N/A, quantity. */
export function ProductSearch({
  s,
  canBulk,
  isPointOfSale = false,
}: {
  s: PrintLabelsState;
  canBulk: boolean;
  isPointOfSale?: boolean;
}) {
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-slate-200 p-4 dark:border-slate-800">
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Find a product</h2>
          {canBulk && (
            <Button variant="secondary" size="sm" onClick={s.addAll} isLoading={s.isAddingAll}>
              {!s.isAddingAll && <ListPlus className="size-4" aria-hidden />}
              {PRINT_TEXTS.addAll}
            </Button>
          )}
        </div>
        <form
          className="mt-3 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void s.search();
          }}
        >
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search products"
              placeholder={PRINT_TEXTS.searchPlaceholder}
              value={s.searchText}
              onChange={(e) => s.setSearchText(e.target.value)}
              className="pl-9"
            />
          </div>
          <Button type="submit" variant="secondary" isLoading={s.isSearching}>
            Search
          </Button>
        </form>
      </div>
      {s.searchError !== null ? (
        <LoadError
          title={PRINT_TEXTS.searchFailed}
          error={s.searchError}
          onRetry={s.search}
          isRetrying={s.isSearching}
        />
      ) : s.results === null ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          {isPointOfSale
            ? 'Search your Dutchie packages by product name, SKU or package ID, then pick the package to label.'
            : 'Search your catalogue by name or SKU, then pick the product to label.'}
        </p>
      ) : s.results.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          {PRINT_TEXTS.noProducts}
        </p>
      ) : (
        <ul
          aria-label="Search results"
          className="max-h-96 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800"
        >
          {s.results.map((p) => {
            const isSelected = s.selected?.id === p.id;
            return (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => s.select(p)}
                  aria-pressed={isSelected}
                  className={cn(
                    'flex w-full items-center justify-between gap-4 px-4 py-3 text-left transition-colors',
                    isSelected
                      ? 'bg-brand-50 dark:bg-brand-500/10'
                      : 'hover:bg-slate-50 dark:hover:bg-slate-800/40',
                  )}
                >
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                      {p.name}
                    </span>
                    <span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">
                      SKU {p.sku} · {p.location ?? PRINT_TEXTS.notAvailable}
                    </span>
                  </span>
                  <span className="shrink-0 text-right text-xs text-slate-500 dark:text-slate-400">
                    <span className="block text-sm font-semibold text-slate-800 tabular-nums dark:text-slate-200">
                      {formatCount(p.quantity)}
                    </span>
                    qty
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

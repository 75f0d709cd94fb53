import { pageButtons } from '@quantics/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { Select } from './select';

type PaginationProps = {
  page: number;
  totalPages: number;
  totalItems: number;
  limit: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  /** The list goes back to page 1 when the page size changes (the caller does that). */
  onLimitChange: (limit: number) => void;
  /** What the list counts, for 'Showing 1-10 of 42 products'. */
  noun?: string;
};

const pageButton =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-40';

/** Page-size picker, 'Showing x-y of n', previous/next and the page buttons (first, last, within 2 of current). */
export function Pagination({
  page,
  totalPages,
  totalItems,
  limit,
  pageSizes,
  onPageChange,
  onLimitChange,
  noun = 'items',
}: PaginationProps) {
  const sizeId = useId();
  const first = totalItems === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(totalItems, page * limit);
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
      <div className="flex items-center justify-between gap-4 text-sm text-slate-600 sm:justify-start dark:text-slate-400">
        <span data-testid="pagination-range">
          Showing {formatCount(first)}-{formatCount(last)} of {formatCount(totalItems)} {noun}
        </span>
        <span className="flex items-center gap-2">
          <label htmlFor={sizeId} className="whitespace-nowrap">
            Rows per page
          </label>
          <Select
            id={sizeId}
            value={limit}
            onChange={(e) => onLimitChange(Number(e.target.value))}
            className="w-20"
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {formatCount(size)}
              </option>
            ))}
          </Select>
        </span>
      </div>
      {totalPages > 1 && (
        <nav aria-label="Pagination" className="flex items-center justify-center gap-1">
          <button
            type="button"
            className={cn(
              pageButton,
              'text-slate-600 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800',
            )}
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 1}
            aria-label="Previous page"
          >
            <ChevronLeft className="size-4" aria-hidden />
          </button>
          {pageButtons(page, totalPages).map((p, i) =>
            p === 'gap' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
              <span key={`gap-${i}`} className="px-1 text-slate-400" aria-hidden>
                …
              </span>
            ) : (
              <button
                key={p}
                type="button"
                onClick={() => onPageChange(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                className={cn(
                  pageButton,
                  p === page
                    ? 'bg-brand-600 text-white shadow-sm'
                    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                )}
              >
                {p}
              </button>
            ),
          )}
          <button
            type="button"
            className={cn(
              pageButton,
              'text-slate-600 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800',
            )}
            onClick={() => onPageChange(page + 1)}
            disabled={page >= totalPages}
            aria-label="Next page"
          >
            <ChevronRight className="size-4" aria-hidden />
          </button>
        </nav>
      )}
    </div>
  );
}

import { useState } from 'react';

/**
 * A list's page and page size, tied to its filters: the page belongs to one set of filters, so changing a filter
 * or the page size shows page 1 again (the spec's list rule). The page is derived rather than reset in an effect,
 * so no request for the old page goes out after the change.
 */
export function usePagedFilters(filters: unknown, initialLimit: number) {
  const [limit, setLimit] = useState(initialLimit);
  const filterKey = JSON.stringify([filters, limit]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });
  return { page, setPage, limit, setLimit };
}

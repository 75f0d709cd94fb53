import type { DUTCHIE_MESSAGES } from '@quantics/contracts';

/** The spec's point-of-sale texts as the screen shows them, typed against the contracts' constants. */
export const DUTCHIE_TEXTS = {
  fetchFailed: 'Failed to fetch inventory from Dutchie' satisfies typeof DUTCHIE_MESSAGES.fetchFailed,
  title: 'Dutchie Inventory',
  // The spec's words; the label capitalises the first letter.
  showZero: 'show zero quantity',
  noPackages: 'No packages found',
  adjustFilters: 'Try adjusting your filters',
  emptyStore: 'Dutchie reports no packages with stock for this store yet.',
  searchPlaceholder: 'Search by product, SKU, package ID, vendor or brand',
} as const;

export const ALL = 'all';

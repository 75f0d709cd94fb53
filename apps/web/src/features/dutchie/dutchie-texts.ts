/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const DUTCHIE_TEXTS = {
  fetchFailed: 'Failed to fetch inventory from Dutchie',
  title: 'Dutchie Inventory',
  // The spec's words; the label capitalises the first letter.
  showZero: 'show zero quantity',
  noPackages: 'No packages found',
  adjustFilters: 'Try adjusting your filters',
  emptyStore: 'Dutchie reports no packages with stock for this store yet.',
  searchPlaceholder: 'Search by product, SKU, package ID, vendor or brand',
} as const;

export const ALL = 'all';

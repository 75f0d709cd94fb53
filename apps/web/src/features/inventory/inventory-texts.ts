import { INVENTORY_MESSAGES, type TStockStatus } from '@quantics/contracts';
import { formatCount } from '@/lib/format';

/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const INVENTORY_TEXTS = {
  nameAndSkuRequired: INVENTORY_MESSAGES.nameAndSkuRequired,
  expirationInPast: INVENTORY_MESSAGES.expirationInPast,
  loadFailed: 'Failed to load inventory',
  deleteFailed: 'Failed to delete product',
  saveFailed: 'Failed to save product',
  templateFailed: 'Failed to download template',
  selectCsv: INVENTORY_MESSAGES.selectCsv,
  uploadFailed: 'Failed to upload CSV file',
  deleted: 'Product deleted successfully',
  updated: 'Product updated successfully',
  created: 'Product created successfully',
  templateDownloaded: 'Template downloaded successfully',
  noProducts: 'No products found',
  adjustFilters: 'Try adjusting your filters',
  getStarted: 'Get started by adding your first product',
  notAssigned: 'Not assigned',
  notSet: 'Not set',
  never: 'Never',
  // Stock by location (issue #47): the screen's own words, not the spec's.
  places: (n: number) => `${formatCount(n)} places`,
  home: 'home',
  allLocations: 'All locations',
  noLocation: 'No location',
  inAll: (total: number) => `of ${formatCount(total)} in all`,
  addPlace: 'Add another place',
  placesLegend: 'Stock by location',
  total: 'Total',
  // A product's history (issue #48): the screen's own words.
  details: 'Details',
  history: 'History',
  historyOf: (name: string) => `History of ${name}`,
  historyDescription: (sku: string) => `Every change to the stock of ${sku}, newest first.`,
  historyTable: 'Stock movements',
  historyLoading: 'Loading history',
  historyFailed: 'Failed to load history',
  noMovements: 'No movements yet',
  noMovementsHint: 'Sales, receipts, transfers, counts and edits of this product will be listed here.',
  noMovementsHere: 'Nothing has moved in or out of this place yet.',
  placeFilter: 'Place',
  allPlaces: 'All places',
  totalOnHand: 'Total on hand',
  onHandAt: (place: string) => `On hand at ${place}`,
  loadMore: 'Load more',
  shown: (n: number) => `${formatCount(n)} movements shown`,
  after: (n: number) => `${formatCount(n)} after`,
  auditRef: (id: number) => `Audit #${id}`,
  shipmentRef: (id: number) => `Shipment #${id}`,
  uploadSuccess: (n: number) => `Successfully uploaded ${formatCount(n)} products`,
  uploadPartial: (n: number) => `Upload completed with ${formatCount(n)} errors. Check console for details.`,
} as const;

/** The status filter's choices, 'all' first. */
export const STATUS_FILTERS: { value: TStockStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'in-stock', label: 'In Stock' },
  { value: 'low-stock', label: 'Low Stock' },
  { value: 'out-of-stock', label: 'Out of Stock' },
];

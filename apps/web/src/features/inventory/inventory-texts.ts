import type {
  INVENTORY_MESSAGES,
  TStockStatus,
  uploadPartialMessage,
  uploadSuccessMessage,
} from '@quantics/contracts';

/**
 * The spec's inventory texts as the screens show them, each typed against the contracts' constant so the
 * server's messages and these never drift apart.
 */
export const INVENTORY_TEXTS = {
  nameAndSkuRequired: 'Name and SKU are required' satisfies typeof INVENTORY_MESSAGES.nameAndSkuRequired,
  expirationInPast:
    'Expiration date cannot be earlier than today' satisfies typeof INVENTORY_MESSAGES.expirationInPast,
  loadFailed: 'Failed to load inventory' satisfies typeof INVENTORY_MESSAGES.loadFailed,
  deleteFailed: 'Failed to delete product' satisfies typeof INVENTORY_MESSAGES.deleteFailed,
  saveFailed: 'Failed to save product' satisfies typeof INVENTORY_MESSAGES.saveFailed,
  templateFailed: 'Failed to download template' satisfies typeof INVENTORY_MESSAGES.templateFailed,
  selectCsv: 'Please select a CSV file' satisfies typeof INVENTORY_MESSAGES.selectCsv,
  uploadFailed: 'Failed to upload CSV file' satisfies typeof INVENTORY_MESSAGES.uploadFailed,
  deleted: 'Product deleted successfully' satisfies typeof INVENTORY_MESSAGES.deleted,
  updated: 'Product updated successfully' satisfies typeof INVENTORY_MESSAGES.updated,
  created: 'Product created successfully' satisfies typeof INVENTORY_MESSAGES.created,
  templateDownloaded:
    'Template downloaded successfully' satisfies typeof INVENTORY_MESSAGES.templateDownloaded,
  noProducts: 'No products found' satisfies typeof INVENTORY_MESSAGES.noProducts,
  adjustFilters: 'Try adjusting your filters' satisfies typeof INVENTORY_MESSAGES.adjustFilters,
  getStarted: 'Get started by adding your first product' satisfies typeof INVENTORY_MESSAGES.getStarted,
  notAssigned: 'Not assigned' satisfies typeof INVENTORY_MESSAGES.notAssigned,
  notSet: 'Not set' satisfies typeof INVENTORY_MESSAGES.notSet,
  never: 'Never' satisfies typeof INVENTORY_MESSAGES.never,
  uploadSuccess: ((n: number) => `Successfully uploaded ${n} products`) satisfies typeof uploadSuccessMessage,
  uploadPartial: ((n: number) =>
    `Upload completed with ${n} errors. Check console for details.`) satisfies typeof uploadPartialMessage,
} as const;

/** The status filter's choices, 'all' first. */
export const STATUS_FILTERS: { value: TStockStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'in-stock', label: 'In Stock' },
  { value: 'low-stock', label: 'Low Stock' },
  { value: 'out-of-stock', label: 'Out of Stock' },
];

import {
  addedAllMessage,
  addedToBulkMessage,
  PRINT_MESSAGES,
  printJobSentMessage,
  printLabelsButton,
  printTotalButton,
  queuedMessage,
  queueFailedMessage,
} from '@quantics/contracts';

/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const PRINT_TEXTS = {
  connected: 'Print Utility Connected',
  disconnected: 'Print Utility Disconnected',
  searchPlaceholder: 'Search by product name or SKU...',
  searchRequired: 'Please enter a search term',
  selectProduct: PRINT_MESSAGES.selectProduct,
  selectPrinter: PRINT_MESSAGES.selectPrinter,
  quantityMin: PRINT_MESSAGES.quantityMin,
  bulkEmpty: 'No products selected for bulk printing',
  searchFailed: 'Failed to search products',
  noProducts: 'No products found',
  loadFailed: 'Failed to load products',
  printFailed: 'Failed to print labels',
  printerNotConnected: 'Print utility not connected',
  noPrinters: 'No printers detected',
  selectPrinterPlaceholder: 'Select a printer...',
  addAll: 'Add All Products',
  addToBulk: 'Add to Bulk',
  bulkQueue: 'Bulk Print Queue',
  clearAll: 'Clear All',
  cancelBulk: 'Cancel Bulk Mode',
  notAvailable: 'N/A',
  utilityNotConnected: PRINT_MESSAGES.utilityNotConnected,
  sendFailed: PRINT_MESSAGES.sendFailed,
  printButton: printLabelsButton,
  printTotal: printTotalButton,
  jobSent: printJobSentMessage,
  addedAll: addedAllMessage,
  addedToBulk: addedToBulkMessage,
  queued: queuedMessage,
  queueFailed: queueFailedMessage,
} as const;

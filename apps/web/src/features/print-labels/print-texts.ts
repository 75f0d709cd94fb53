import type {
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
 * The spec's print page texts as the screen shows them, each typed against the contracts' constant so the server's
 * messages and these never drift apart.
 */
export const PRINT_TEXTS = {
  connected: 'Print Utility Connected' satisfies typeof PRINT_MESSAGES.connected,
  disconnected: 'Print Utility Disconnected' satisfies typeof PRINT_MESSAGES.disconnected,
  searchPlaceholder: 'Search by product name or SKU...' satisfies typeof PRINT_MESSAGES.searchPlaceholder,
  searchRequired: 'Please enter a search term' satisfies typeof PRINT_MESSAGES.searchRequired,
  selectProduct: 'Please select a product' satisfies typeof PRINT_MESSAGES.selectProduct,
  selectPrinter: 'Please select a printer' satisfies typeof PRINT_MESSAGES.selectPrinter,
  quantityMin: 'Quantity must be at least 1' satisfies typeof PRINT_MESSAGES.quantityMin,
  bulkEmpty: 'No products selected for bulk printing' satisfies typeof PRINT_MESSAGES.bulkEmpty,
  searchFailed: 'Failed to search products' satisfies typeof PRINT_MESSAGES.searchFailed,
  noProducts: 'No products found' satisfies typeof PRINT_MESSAGES.noProducts,
  loadFailed: 'Failed to load products' satisfies typeof PRINT_MESSAGES.loadFailed,
  printFailed: 'Failed to print labels' satisfies typeof PRINT_MESSAGES.printFailed,
  printerNotConnected: 'Print utility not connected' satisfies typeof PRINT_MESSAGES.printerNotConnected,
  noPrinters: 'No printers detected' satisfies typeof PRINT_MESSAGES.noPrinters,
  selectPrinterPlaceholder: 'Select a printer...' satisfies typeof PRINT_MESSAGES.selectPrinterPlaceholder,
  addAll: 'Add All Products' satisfies typeof PRINT_MESSAGES.addAll,
  addToBulk: 'Add to Bulk' satisfies typeof PRINT_MESSAGES.addToBulk,
  bulkQueue: 'Bulk Print Queue' satisfies typeof PRINT_MESSAGES.bulkQueue,
  clearAll: 'Clear All' satisfies typeof PRINT_MESSAGES.clearAll,
  cancelBulk: 'Cancel Bulk Mode' satisfies typeof PRINT_MESSAGES.cancelBulk,
  notAvailable: 'N/A' satisfies typeof PRINT_MESSAGES.notAvailable,
  utilityNotConnected:
    'Print utility not connected. Please ensure the Quantics Print Utility is running.' satisfies typeof PRINT_MESSAGES.utilityNotConnected,
  sendFailed: 'Failed to send print job' satisfies typeof PRINT_MESSAGES.sendFailed,
  printButton: ((n: number) => `Print ${n} Label(s)`) satisfies typeof printLabelsButton,
  printTotal: ((total: number) => `Print ${total} Total Labels`) satisfies typeof printTotalButton,
  jobSent: ((n: number, name: string) =>
    `Print job sent: ${n} label(s) for ${name}`) satisfies typeof printJobSentMessage,
  addedAll: ((n: number) => `Added ${n} products for bulk printing`) satisfies typeof addedAllMessage,
  addedToBulk: ((name: string) => `Added ${name} to bulk print`) satisfies typeof addedToBulkMessage,
  queued: ((n: number) => `Successfully queued ${n} print job(s)`) satisfies typeof queuedMessage,
  queueFailed: ((n: number) => `Failed to queue ${n} print job(s)`) satisfies typeof queueFailedMessage,
} as const;

/** The toast for a print the server refused: 'not connected' in any form gets the spec's sentence. */
export function printFailureText(serverMessage: string): string {
  if (serverMessage.toLowerCase().includes('not connected')) return PRINT_TEXTS.utilityNotConnected;
  return serverMessage || PRINT_TEXTS.sendFailed;
}

import { formatCount } from '@/lib/format';
/** The refill list's own texts (issue 52). */
export const REFILL_TEXTS = {
  title: 'Refill list',
  description: 'What the sales floor is missing that the stockroom can fill, most sold first.',
  store: 'Store',
  csv: 'Download CSV',
  csvFailed: 'Failed to download the refill list',
  loadFailed: 'Failed to load the refill list',
  noStores: 'No store yet',
  noStoresHint:
    'Give a location the kind Store, and its rooms the kinds Sales floor and Stockroom, on the Locations page.',
  nothing: 'Nothing to refill',
  nothingHint: (store: string) =>
    `Every product of ${store} is at its floor minimum, or its stockrooms have none to give.`,
  moved: 'Moved',
  movedDone: (units: number, name: string) => `Moved ${formatCount(units)} × ${name} to the sales floor`,
  moveFailed: 'Failed to record the move',
  onFloor: 'On the floor',
  inStockroom: 'Stockroom',
  sold: (units: number, days: number) => `${formatCount(units)} sold in ${formatCount(days)} days`,
  toMove: 'Move',
  quantity: (name: string) => `Units of ${name} moved`,
  left: (n: number) => `${formatCount(n)} to go`,
  shown: (shown: number, of: number) => `${formatCount(shown)} of ${formatCount(of)} shown`,
  loadMore: 'Load more',
} as const;

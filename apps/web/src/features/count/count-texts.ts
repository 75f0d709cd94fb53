import { formatCount } from '@/lib/format';
/** The Count screen's own texts (not in the spec: the screen is issue #20's addition). */
export const COUNT_TEXTS = {
  title: 'Count',
  // Recounts (issue #35): an admin sent lines of a count to recount; the Count screen lists them and what to find.
  recountsTitle: 'Recount requested',
  recountLines: (n: number) => `${formatCount(n)} line${n === 1 ? '' : 's'} to count again`,
  recountElsewhere: (device: string | null) => `Being recounted on ${device ?? 'another reader'}`,
  recountStartFailed: 'Failed to start the recount',
  toFindTitle: 'To find',
  /** Under a count's figures when stock moved during it: what moved ("3 sold during the count"). */
  movedDuring: (words: string) => `${words}. Each product is expected as it was when first read.`,
  toFindHint: 'Read the tags of each item below; it is ticked off once all its units are found.',
  description: 'Count stock with a handheld whose reader types what it reads.',
  setUpTitle: 'Set up this handheld',
  setUpIntro:
    'Counts from this browser are recorded as a device of your company, named here, and as counted by you. It shows in Devices like any reader.',
  setUpFailed: 'Failed to set up this handheld',
  startFailed: 'Failed to start the count',
  finishFailed: 'Failed to finish the count',
  captureLabel: 'Tag capture',
  testLabel: 'Read a tag to test your reader',
  deviceRemoved:
    'This handheld was removed from Devices, so the portal no longer takes its reads. Set it up again to count.',
  leaveQuestion: 'Some reads have not been sent yet. Leave the page anyway?',
  // Barcodes (issue #32): a scan is resolved, not ignored; a quantity may be entered for it.
  unknownCode: 'Unknown code',
  ignored: 'Ignored: not a tag or a code',
  askQuantity: 'Scan, then enter quantity',
  askQuantityHint: 'Each barcode scan asks how many before it counts.',
  enterQuantity: 'Enter quantity',
  quantityLabel: 'Quantity',
  quantityMax: 'At most 100,000',
  padScanned: 'That was a scan, not a quantity. Enter the quantity, then scan the next item.',
  backspace: 'Delete last digit',
  packageTitle: 'Package scanned',
  confirmExpected: (n: number) => `Confirm ${formatCount(n)}`,
  countByHand: 'Enter what is there',
  cancel: 'Cancel',
  ok: 'OK',
  // Issue #37: the places load before a count can start; the app opens and counts with no network.
  loadingPlaces: (isDutchie: boolean) => (isDutchie ? 'Loading the rooms…' : 'Loading the locations…'),
  offlineReads: (n: number) => `Offline: ${formatCount(n)} reads kept on this handheld`,
  startedOffline:
    'Started with no connection: the count is created on the portal when the connection is back, and its figures follow.',
  offlinePage:
    'You are offline. A count started now is kept on this handheld and sent when the connection is back.',
  waitingConnection: 'Waiting for the connection…',
  // What was read is named by the sheet's lookup, in batches: until it answers (offline), a read waits for its name.
  waitingTitle: 'Waiting to be named',
  waitingReads: (n: number) =>
    `${formatCount(n)} ${n === 1 ? 'read is' : 'reads are'} waiting to be named: they count once the portal answers.`,
  // Team counts (issue 49): several handhelds on one count; at most one open count per reader.
  openCountsTitle: 'Counts in progress',
  openCountsHint: 'Join one to count it together',
  wholePlace: 'Whole catalogue',
  startedBy: (name: string, at: string) => `started by ${name} at ${at}`,
  counting: (who: string) => `Counting: ${who}`,
  joinFailed: 'Failed to join the count',
  readerBusyHint:
    'Resume it to carry on counting it here, or finish it: the reads sent so far count, and this handheld is free again.',
  partDone: (name: string) => `Your part is done: ${name} goes on with the others`,
  finishForEveryone: 'Finish for everyone',
  finishMine: 'Finish my part',
  // Receiving (issue 51): a receipt is a count of a shipment, started from the Count screen's Receive.
  countTab: 'Count stock',
  receiveTab: 'Receive',
  receiveTitle: 'Receive a shipment',
  receiveHint: 'Pick the delivery at the dock, or scan one of its carton labels.',
  cartonLabel: 'Carton label (SSCC)',
  cartonHint: 'Scan or type the 18-digit SSCC on a carton: its shipment opens.',
  cartonOpen: 'Open its shipment',
  cartonNotSscc:
    'This is not a carton label: an SSCC is 18 digits (scanned with its 00) with a valid check digit.',
  cartonNoShipment: (sscc: string) => `No shipment to receive has carton ${sscc}.`,
  cartonOffline: 'Carton labels are looked up on the portal: with no connection, pick the shipment below.',
  shipmentsTitle: 'Expected shipments',
  shipmentsEmpty: 'No shipment is expected. Shipments come from advance ship notices or transfers.',
  shipmentsFailed: 'The shipments could not be loaded.',
  shipmentsOffline: 'Offline: the shipments as last loaded on this handheld.',
  loadingShipments: 'Loading the shipments…',
  looseItems: 'Loose items',
  receive: 'Receive',
  joinReceipt: 'Join',
  receiveFailed: 'Failed to start receiving',
  receivingTitle: (reference: string) => `Receiving ${reference}`,
  unitsReceived: 'Units received',
  linesTitle: 'Lines',
  cartonsTitle: 'Cartons',
  cartonReceived: 'Carton received',
  cartonNotOnShipment: 'Carton not on this shipment',
  unknownCodes: (n: number) => `${formatCount(n)} unknown code${n === 1 ? '' : 's'} read`,
  serialsNotRead: (n: number) => `${formatCount(n)} announced serial${n === 1 ? '' : 's'} not read yet`,
  receiptPending: 'The shipment’s lines show once the portal has answered.',
  finishReceiving: 'Finish receiving',
  received: (reference: string) => `Shipment ${reference} received`,
  viewReceipt: 'View receipt',
  placesFailed: (isDutchie: boolean) =>
    isDutchie
      ? 'The rooms could not be loaded: only the whole store can be counted.'
      : 'The locations could not be loaded: only the whole catalogue can be counted.',
} as const;

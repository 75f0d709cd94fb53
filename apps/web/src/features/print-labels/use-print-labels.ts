import { labelZpl, parseQuantityInput, printErrorToast, type TPrintStatus } from '@quantics/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { printLabel } from './api/print-label';
import { allPrintable, type PrintableProduct, searchPrintable } from './api/printable-products';
import { PRINT_TEXTS } from './print-texts';

export type QueueItem = { product: PrintableProduct; quantityText: string };

/** The toast for a failed print: the server's words (mapped per spec), or 'Failed to print labels' with none. */
const failureText = (err: unknown) =>
  err instanceof ApiError && err.hasServerMessage ? printErrorToast(err.message) : PRINT_TEXTS.printFailed;

const isWholeAtLeastOne = (text: string) => /^\s*\d+\s*$/.test(text) && Number(text) >= 1;

const payload = (product: PrintableProduct, quantity: number, printerName: string) => ({
  // The spec's payload carries the browser's ZPL; the server prints the label it builds itself.
  zpl: labelZpl(product, quantity),
  quantity,
  printerName,
  productInfo: { name: product.name, sku: product.sku, epc: product.epc },
});

/**
 * The print page's states (spec, section 4): no selection, search results (one result is selected for you),
 * product selected, printed (selection, search text and quantity reset). Bulk mode is on while the queue has items.
 */
export function usePrintLabels(status: TPrintStatus | undefined, isPointOfSale = false) {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const [results, setResults] = useState<PrintableProduct[] | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  // A failed search is shown as such (with the reason), not as the previous results or 'No products found'.
  const [searchError, setSearchError] = useState<unknown>(null);
  const [selected, setSelected] = useState<PrintableProduct | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  const [chosenPrinter, setChosenPrinter] = useState('');
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const [isPrinting, setIsPrinting] = useState(false);
  const [isAddingAll, setIsAddingAll] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  // The first printer is used when none is chosen (or the chosen one is gone).
  const printers = status?.connected ? status.printers : [];
  const printerName = printers.some((p) => p.name === chosenPrinter)
    ? chosenPrinter
    : (printers[0]?.name ?? '');
  const refreshJobs = () => queryClient.invalidateQueries({ queryKey: queryKeys.print.jobs });

  const search = async () => {
    const term = searchText.trim();
    if (!term) return notify.error(PRINT_TEXTS.searchRequired);
    setIsSearching(true);
    try {
      const found = await searchPrintable(term, isPointOfSale);
      setSearchError(null);
      setResults(found);
      if (found.length === 0) notify.error(PRINT_TEXTS.noProducts);
      if (found.length === 1) setSelected(found[0] ?? null);
    } catch (err) {
      setSearchError(err);
      notify.error(PRINT_TEXTS.searchFailed);
    } finally {
      setIsSearching(false);
    }
  };

  const print = async () => {
    if (!selected) return notify.error(PRINT_TEXTS.selectProduct);
    if (!printerName) return notify.error(PRINT_TEXTS.selectPrinter);
    if (!isWholeAtLeastOne(quantityText)) return notify.error(PRINT_TEXTS.quantityMin);
    const quantity = Number(quantityText);
    setIsPrinting(true);
    try {
      await printLabel(payload(selected, quantity, printerName));
      notify.success(PRINT_TEXTS.jobSent(quantity, selected.name));
      setSelected(null);
      setSearchText('');
      setResults(null);
      setSearchError(null);
      setQuantityText('1');
    } catch (err) {
      notify.error(failureText(err));
    } finally {
      setIsPrinting(false);
      void refreshJobs();
    }
  };

  const addItems = (products: PrintableProduct[], quantity = '1') =>
    setQueue((q) => {
      const have = new Set(q.map((i) => i.product.id));
      return [
        ...q,
        ...products.filter((p) => !have.has(p.id)).map((product) => ({ product, quantityText: quantity })),
      ];
    });

  const addAll = async () => {
    setIsAddingAll(true);
    try {
      const products = await allPrintable();
      addItems(products);
      notify.success(PRINT_TEXTS.addedAll(products.length));
    } catch {
      notify.error(PRINT_TEXTS.loadFailed);
    } finally {
      setIsAddingAll(false);
    }
  };

  const addToBulk = () => {
    if (!selected) return notify.error(PRINT_TEXTS.selectProduct);
    addItems([selected], String(parseQuantityInput(quantityText)));
    notify.success(PRINT_TEXTS.addedToBulk(selected.name));
  };

  const setItemQuantity = (id: PrintableProduct['id'], text: string) =>
    setQueue((q) => q.map((i) => (i.product.id === id ? { ...i, quantityText: text } : i)));
  const remove = (id: PrintableProduct['id']) => {
    setQueue((q) => q.filter((i) => i.product.id !== id));
    if (selected?.id === id) setSelected(null);
  };
  const clearQueue = () => setQueue([]);

  /** One call per product, in parallel; the queue empties afterwards and bulk mode ends. */
  const printBulk = async () => {
    if (queue.length === 0) return notify.error(PRINT_TEXTS.bulkEmpty);
    if (!printerName) return notify.error(PRINT_TEXTS.selectPrinter);
    const items = queue.map((i) => ({ product: i.product, quantity: parseQuantityInput(i.quantityText) }));
    setIsPrinting(true);
    setProgress({ done: 0, total: items.length });
    const results = await Promise.allSettled(
      items.map(async (i) => {
        try {
          await printLabel(payload(i.product, i.quantity, printerName));
        } finally {
          setProgress((p) => (p ? { ...p, done: p.done + 1 } : p));
        }
      }),
    );
    const failed = results.filter((r) => r.status === 'rejected').length;
    const succeeded = results.length - failed;
    if (succeeded > 0) notify.success(PRINT_TEXTS.queued(succeeded));
    if (failed > 0) notify.error(PRINT_TEXTS.queueFailed(failed));
    setQueue([]);
    setProgress(null);
    setIsPrinting(false);
    void refreshJobs();
  };

  return {
    searchText,
    setSearchText,
    results,
    isSearching,
    searchError,
    search,
    selected,
    select: setSelected,
    quantityText,
    setQuantityText,
    printerName,
    setPrinterName: setChosenPrinter,
    print,
    isPrinting,
    queue,
    isBulkMode: queue.length > 0,
    totalLabels: queue.reduce((sum, i) => sum + parseQuantityInput(i.quantityText), 0),
    addAll,
    isAddingAll,
    addToBulk,
    setItemQuantity,
    remove,
    clearQueue,
    printBulk,
    progress,
  };
}

export type PrintLabelsState = ReturnType<typeof usePrintLabels>;

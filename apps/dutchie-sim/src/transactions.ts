import type { Random } from './random.ts';
import type { InventoryRow, Transaction, TransactionItem } from './types.ts';

const TAX_RATE = 0.2;
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Sales over the last `days` days: 25-60 tickets a day (more at weekends) between 9:00 and 21:00 UTC, 1-4
 * lines each. A few packages sell far more than the rest (a skewed pick), so "top selling" means something.
 */
export function generateTransactions(
  rng: Random,
  locationId: number,
  inventory: InventoryRow[],
  days: number,
  now: Date,
): Transaction[] {
  const out: Transaction[] = [];
  if (inventory.length === 0) return out;
  // A fixed popularity order per store: shuffle once, then pick near the front more often.
  const popular = [...inventory];
  for (let i = popular.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [popular[i], popular[j]] = [popular[j] as InventoryRow, popular[i] as InventoryRow];
  }
  let nextId = locationId * 10_000_000 + 1;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let d = days - 1; d >= 0; d--) {
    const dayStart = today - d * 86_400_000;
    const weekday = new Date(dayStart).getUTCDay();
    const tickets = Math.round((25 + rng.int(0, 35)) * (weekday === 5 || weekday === 6 ? 1.3 : 1));
    const times: number[] = [];
    for (let t = 0; t < tickets; t++) times.push(dayStart + rng.int(9 * 3600, 21 * 3600) * 1000);
    times.sort((a, b) => a - b);
    for (const time of times) {
      if (time > now.getTime()) continue;
      out.push(ticket(rng, nextId++, time, popular));
    }
  }
  return out;
}

function ticket(rng: Random, transactionId: number, time: number, popular: InventoryRow[]): Transaction {
  const lines = rng.int(1, 4);
  const items: TransactionItem[] = [];
  for (let l = 0; l < lines; l++) {
    const pkg = popular[Math.floor(popular.length * rng.next() ** 2.5)] ?? popular[0];
    if (!pkg) continue;
    const quantity = rng.chance(0.8) ? 1 : rng.int(2, 3);
    const gross = round(pkg.unitPrice * quantity);
    const totalDiscount = rng.chance(0.15) ? round(gross * 0.1) : 0;
    items.push({
      transactionId,
      productId: pkg.productId,
      packageId: pkg.packageId,
      quantity,
      unitPrice: pkg.unitPrice,
      unitCost: pkg.unitCost,
      totalPrice: round(gross - totalDiscount),
      totalDiscount,
      vendor: pkg.vendor,
      isReturned: false,
    });
  }
  const subtotal = round(items.reduce((s, i) => s + i.unitPrice * i.quantity, 0));
  const totalDiscount = round(items.reduce((s, i) => s + i.totalDiscount, 0));
  const tax = round((subtotal - totalDiscount) * TAX_RATE);
  const date = new Date(time).toISOString();
  return {
    transactionId,
    customerId: 70_000 + rng.int(1, 4000),
    employeeId: 900 + rng.int(1, 12),
    transactionDate: date,
    lastModifiedDateUTC: date,
    transactionType: 'Retail',
    paymentType: rng.chance(0.62) ? 'Cash' : 'Debit',
    totalItems: items.reduce((s, i) => s + i.quantity, 0),
    subtotal,
    totalDiscount,
    tax,
    total: round(subtotal - totalDiscount + tax),
    isVoid: rng.chance(0.015),
    isReturn: false,
    items,
  };
}

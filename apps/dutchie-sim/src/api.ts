import type { Location, Transaction } from './types.ts';

export type Answer = { status: number; body: unknown };

const HOUR = 3_600_000;
const round = (n: number) => Math.round(n * 100) / 100;

/** Dutchie's query parameters are matched without regard to case (FromDateUTC, fromDateUtc, ...). */
export function param(query: URLSearchParams, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [k, v] of query) if (k.toLowerCase() === wanted) return v;
  return null;
}

const isTrue = (v: string | null) => v !== null && v.toLowerCase() === 'true';
const message = (status: number, text: string): Answer => ({ status, body: { Message: text } });

function dateParam(query: URLSearchParams, name: string): Date | null | 'bad' {
  const raw = param(query, name);
  if (raw === null || raw === '') return null;
  const d = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`);
  return Number.isNaN(d.getTime()) ? 'bad' : d;
}

function range(query: URLSearchParams, from: string, to: string): { from: Date; to: Date } | Answer {
  const f = dateParam(query, from);
  const t = dateParam(query, to);
  if (f === 'bad' || t === 'bad') return message(400, `${from} and ${to} must be dates`);
  if (!f || !t) return message(400, `${from} and ${to} are required`);
  if (t <= f) return message(400, `${to} must be after ${from}`);
  return { from: f, to: t };
}

function inRange(location: Location, from: Date, to: Date): Transaction[] {
  const a = from.toISOString();
  const b = to.toISOString();
  return location.transactions.filter((t) => t.transactionDate >= a && t.transactionDate < b);
}

function closingReport(location: Location, from: Date, to: Date) {
  const tickets = inRange(location, from, to).filter((t) => !t.isVoid);
  const sum = (f: (t: Transaction) => number) => round(tickets.reduce((s, t) => s + f(t), 0));
  const inventory = new Map(location.inventory.map((p) => [p.packageId, p]));
  const byCategory = new Map<string, { netSales: number; itemCount: number }>();
  let cost = 0;
  for (const t of tickets) {
    for (const i of t.items) {
      const category = inventory.get(i.packageId)?.category ?? 'Other';
      const c = byCategory.get(category) ?? { netSales: 0, itemCount: 0 };
      c.netSales += i.totalPrice;
      c.itemCount += i.quantity;
      byCategory.set(category, c);
      cost += i.unitCost * i.quantity;
    }
  }
  const netSales = sum((t) => t.subtotal - t.totalDiscount);
  return {
    grossSales: sum((t) => t.subtotal),
    discount: sum((t) => t.totalDiscount),
    netSales,
    totalTax: sum((t) => t.tax),
    totalPrice: sum((t) => t.total),
    cost: round(cost),
    transactionCount: tickets.length,
    itemCount: tickets.reduce((s, t) => s + t.totalItems, 0),
    averageCartNetSales: tickets.length ? round(netSales / tickets.length) : 0,
    categorySummary: [...byCategory].map(([categoryName, c]) => ({
      categoryName,
      netSales: round(c.netSales),
      itemCount: c.itemCount,
    })),
    paymentSummary: (['Cash', 'Debit'] as const).map((paymentType) => ({
      paymentType,
      totalPaid: round(tickets.filter((t) => t.paymentType === paymentType).reduce((s, t) => s + t.total, 0)),
    })),
  };
}

/** Dutchie's read API for one store, as its keys see it. */
export function dutchieApi(location: Location, path: string, query: URLSearchParams): Answer {
  if (path === '/whoami') {
    return {
      status: 200,
      body: {
        locationId: location.locationId,
        locationName: location.locationName,
        lspId: location.lspId,
        lspName: location.lspName,
        apiVersion: 'sim-1',
      },
    };
  }
  if (path === '/room/rooms') return { status: 200, body: location.rooms };
  if (path === '/products') return { status: 200, body: [...location.products.values()] };
  const product = /^\/products\/(\d+)$/.exec(path);
  if (product) {
    const found = location.products.get(Number(product[1]));
    return found ? { status: 200, body: found } : message(404, 'Product not found');
  }
  if (path === '/reporting/inventory') {
    const withRooms = isTrue(param(query, 'includeRoomQuantities'));
    const body = withRooms
      ? location.inventory
      : location.inventory.map(({ roomQuantities: _rooms, ...row }) => row);
    return { status: 200, body };
  }
  if (path === '/reporting/transactions') {
    const r = range(query, 'FromDateUTC', 'ToDateUTC');
    if ('status' in r) return r;
    const withDetail = isTrue(param(query, 'IncludeDetail'));
    const list = inRange(location, r.from, r.to);
    return { status: 200, body: withDetail ? list : list.map(({ items: _items, ...t }) => t) };
  }
  if (path === '/reporting/closing-report') {
    const r = range(query, 'fromDateUTC', 'toDateUTC');
    if ('status' in r) return r;
    const span = r.to.getTime() - r.from.getTime();
    if (span < 12 * HOUR || span > 31 * 24 * HOUR) {
      return message(400, 'The date range must be between 12 hours and 31 days');
    }
    return { status: 200, body: closingReport(location, r.from, r.to) };
  }
  return message(404, 'No HTTP resource was found that matches the request URI');
}

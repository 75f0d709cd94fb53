import {
  DUTCHIE_MESSAGES,
  DUTCHIE_SALES_DAYS_MAX,
  type TClosingReport,
  type TDutchieTransaction,
  type TTopProduct,
} from '@quantics/contracts';
import { badRequest } from '../../lib/app-error.ts';
import { companyClient, type DutchieContext } from './dutchie-context.ts';
import {
  closingReport as mapClosingReport,
  type SaleLine,
  saleLines,
  transaction,
} from './dutchie-mapping.ts';
import { inventorySnapshot } from './dutchie-snapshot.ts';

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) =>
  new Date(dayStart(day).getTime() + n * DAY_MS).toISOString().slice(0, 10);
/** A finished day's sales no longer change; today's are read again like the inventory. */
const maxAgeFor = (ctx: DutchieContext, lastDay: string) =>
  lastDay < today() ? DAY_MS : ctx.config.refreshSeconds * 1000;

/** Product names for transaction lines, from the inventory snapshot when there is one. */
async function packageNames(ctx: DutchieContext, companyId: number) {
  try {
    const { value } = await inventorySnapshot(ctx, companyId);
    return (id: string) => value.byPackage.get(id)?.productName ?? null;
  } catch {
    return () => null;
  }
}

/** Sales of whole UTC days [from, to], cached per window. */
async function salesWindow(ctx: DutchieContext, companyId: number, from: string, to: string) {
  return ctx.cache.get<TDutchieTransaction[], TDutchieTransaction[]>(
    { companyId, kind: 'transactions', params: `${from}..${to}` },
    {
      maxAgeMs: maxAgeFor(ctx, to),
      fetch: async () => {
        const api = await companyClient(ctx, companyId);
        const [rows, names] = await Promise.all([
          api.transactions(dayStart(from), dayStart(addDays(to, 1))),
          packageNames(ctx, companyId),
        ]);
        return rows
          .map((r) => transaction(r, names))
          .sort((a, b) => b.transactionDate.localeCompare(a.transactionDate));
      },
      prepare: (stored) => stored,
    },
  );
}

function checkRange(from: string, to: string) {
  if (from > to) throw badRequest(DUTCHIE_MESSAGES.rangeReversed);
  if (to > today()) throw badRequest(DUTCHIE_MESSAGES.toInFuture);
  const days = (dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS + 1;
  if (days > DUTCHIE_SALES_DAYS_MAX) {
    throw badRequest(DUTCHIE_MESSAGES.rangeTooLong(DUTCHIE_SALES_DAYS_MAX));
  }
}

/** GET .../transactions: sales between two days (default the last 7), newest first. */
export async function transactions(
  ctx: DutchieContext,
  companyId: number,
  q: { from?: string; to?: string },
) {
  const to = q.to ?? today();
  const from = q.from ?? addDays(to, -6);
  checkRange(from, to);
  const { value, sync } = await salesWindow(ctx, companyId, from, to);
  return { data: value, from, to, sync };
}

/** GET .../analytics/top-selling: units sold per package over the last `days` days (voids left out). */
export async function topSelling(ctx: DutchieContext, companyId: number, days: number, limit: number) {
  const to = today();
  const from = addDays(to, -(days - 1));
  const { value, sync } = await salesWindow(ctx, companyId, from, to);
  const totals = new Map<string, TTopProduct>();
  for (const t of value) {
    if (t.isVoid) continue;
    for (const line of t.items) {
      const row = totals.get(line.packageId) ?? {
        packageId: line.packageId,
        productName: line.productName,
        vendor: line.vendor,
        totalQuantity: 0,
      };
      row.totalQuantity += line.quantity;
      totals.set(line.packageId, row);
    }
  }
  const data = [...totals.values()]
    .sort((a, b) => b.totalQuantity - a.totalQuantity || a.productName.localeCompare(b.productName))
    .slice(0, limit);
  return { data, days, sync };
}

/**
 * What Dutchie sold between two instants [from, to), line by line (voids left out, returns negative), read from
 * Dutchie now rather than the cache: a count's completion needs the sales up to that moment. Throws when Dutchie
 * cannot be read (DutchieError) or the company has no key.
 */
export async function salesBetween(
  ctx: DutchieContext,
  companyId: number,
  from: Date,
  to: Date,
): Promise<SaleLine[]> {
  const api = await companyClient(ctx, companyId);
  const [a, b] = [from.toISOString(), to.toISOString()];
  return (await api.transactions(from, to)).flatMap(saleLines).filter((l) => l.at >= a && l.at < b);
}

type StoredReport = Omit<TClosingReport, 'date' | 'sync'>;

/** GET .../closing-report?date=: one UTC day (Dutchie takes 12 hours to 31 days; a day is 24 hours). */
export async function closingReport(ctx: DutchieContext, companyId: number, date?: string) {
  const day = date ?? today();
  if (day > today()) throw badRequest(DUTCHIE_MESSAGES.dateInFuture);
  const { value, sync } = await ctx.cache.get<StoredReport, StoredReport>(
    { companyId, kind: 'closing-report', params: day },
    {
      maxAgeMs: maxAgeFor(ctx, day),
      fetch: async () => {
        const api = await companyClient(ctx, companyId);
        return mapClosingReport(await api.closingReport(dayStart(day), dayStart(addDays(day, 1))));
      },
      prepare: (stored) => stored,
    },
  );
  return { date: day, ...value, sync };
}

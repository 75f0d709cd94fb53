import type { TReceipt } from '@quantics/contracts';
import { Boxes, PackageCheck, PackageX, Truck } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { COUNT_TEXTS } from '../count-texts';
import type { StoredReceipt } from '../lib/count-store';
import type { ReceiptRead } from '../lib/count-view';

type LineStatus = 'ok' | 'short' | 'over' | 'not_on_shipment';
export type ReceivingLine = {
  sku: string;
  name: string;
  expected: number;
  received: number;
  status: LineStatus;
};
export type ReceivingFigures = {
  lines: ReceivingLine[];
  cartons: { sscc: string; isReceived: boolean }[];
  unitsExpected: number;
  unitsReceived: number;
  unknownCodes: number;
  serialsNotRead: number;
};

const statusOf = (expected: number, received: number): LineStatus =>
  expected === 0 ? 'not_on_shipment' : received === expected ? 'ok' : received < expected ? 'short' : 'over';

/**
 * The receipt as this handheld sees it: the shipment's lines (kept with the count) against what was received. The
 * portal's receipt so far adds up every handheld's reads; this handheld's own are added on top as they are read (a
 * line counts the larger of the two), so the figures move at once, offline too, and a team's reads show as they
 * arrive.
 */
export function receivingFigures(
  kept: StoredReceipt,
  local: ReceiptRead | null,
  server: TReceipt | null,
): ReceivingFigures {
  const lines = new Map<string, ReceivingLine>();
  const line = (sku: string, name: string) => {
    const key = sku.toUpperCase();
    let l = lines.get(key);
    if (!l) {
      l = { sku, name, expected: 0, received: 0, status: 'ok' };
      lines.set(key, l);
    }
    return l;
  };
  for (const l of kept.lines ?? []) line(l.sku, l.name).expected = l.expected;
  for (const l of server?.lines ?? []) {
    const mine = line(l.sku, l.name);
    if (!kept.lines) mine.expected = l.expected;
    mine.received = Math.max(mine.received, l.received);
  }
  for (const [sku, read] of local?.unitsBySku ?? []) {
    const mine = line(sku, read.name);
    mine.received = Math.max(mine.received, read.units);
  }
  const all = [...lines.values()].map((l) => ({ ...l, status: statusOf(l.expected, l.received) }));
  const serverCartons = new Map((server?.cartons ?? []).map((c) => [c.sscc, c.status === 'received']));
  const ssccs = new Set(local?.ssccs ?? []);
  const cartons = (kept.cartons ?? server?.cartons.map((c) => ({ sscc: c.sscc, skus: [] })) ?? []).map(
    (c) => ({
      sscc: c.sscc,
      isReceived:
        !!serverCartons.get(c.sscc) ||
        ssccs.has(c.sscc) ||
        c.skus.some((sku) => (lines.get(sku.toUpperCase())?.received ?? 0) > 0),
    }),
  );
  return {
    // Lines off first (short, over, not on the shipment), then the ones complete.
    lines: all.sort((a, b) => Number(a.status === 'ok') - Number(b.status === 'ok')),
    cartons,
    unitsExpected: kept.lines ? all.reduce((n, l) => n + l.expected, 0) : kept.unitsExpected,
    unitsReceived: all.reduce((n, l) => n + l.received, 0),
    unknownCodes: server?.unknown_codes.length ?? 0,
    serialsNotRead: server?.serials_not_read.length ?? 0,
  };
}

const LINE: Record<LineStatus, { label: string; tone: BadgeTone }> = {
  ok: { label: 'Complete', tone: 'green' },
  short: { label: 'Short', tone: 'amber' },
  over: { label: 'Over', tone: 'red' },
  not_on_shipment: { label: 'Not on shipment', tone: 'blue' },
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <p className="text-xs text-slate-500 dark:text-slate-400">{label}</p>
      <p
        className="text-lg font-semibold text-slate-900 tabular-nums dark:text-slate-100"
        data-testid={testId}
      >
        {value}
      </p>
    </div>
  );
}

/** The receipt's live figures, its lines (expected against received) and its cartons. */
export function ReceiptPanel({ kept, figures }: { kept: StoredReceipt; figures: ReceivingFigures }) {
  const f = figures;
  const share =
    f.unitsExpected > 0 ? Math.min(100, Math.round((f.unitsReceived / f.unitsExpected) * 100)) : 0;
  const cartonsIn = f.cartons.filter((c) => c.isReceived).length;
  const short = f.lines.reduce((n, l) => n + (l.status === 'short' ? l.expected - l.received : 0), 0);
  const over = f.lines.reduce((n, l) => n + Math.max(0, l.received - l.expected), 0);
  return (
    <>
      <Card className="p-4 sm:p-5" data-testid="receipt-figures">
        <div className="flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
          <Truck className="size-4 shrink-0" aria-hidden />
          <span className="truncate">
            {[kept.supplier, kept.destination && `to ${kept.destination}`].filter(Boolean).join(' · ') ||
              kept.reference}
          </span>
        </div>
        <div className="mt-2 flex items-end justify-between gap-3">
          <div>
            <p className="text-sm text-slate-500 dark:text-slate-400">{COUNT_TEXTS.unitsReceived}</p>
            <p className="mt-0.5 text-4xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-slate-100">
              <span data-testid="receipt-received">{formatCount(f.unitsReceived)}</span>
              <span className="text-2xl font-normal text-slate-400 dark:text-slate-500">
                {' / '}
                <span data-testid="receipt-expected">{formatCount(f.unitsExpected)}</span>
              </span>
            </p>
          </div>
          <span className="text-sm font-medium text-slate-600 tabular-nums dark:text-slate-300">
            {share}%
          </span>
        </div>
        <ProgressBar value={share} label="Units received against expected" className="mt-3" />
        <div className="mt-4 grid grid-cols-3 gap-2">
          <Figure
            label={COUNT_TEXTS.cartonsTitle}
            value={`${cartonsIn} / ${f.cartons.length || kept.cartonsCount}`}
            testId="receipt-cartons"
          />
          <Figure label="Short" value={formatCount(short)} testId="receipt-short" />
          <Figure label="Over" value={formatCount(over)} testId="receipt-over" />
        </div>
        {(f.unknownCodes > 0 || f.serialsNotRead > 0) && (
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            {[
              f.unknownCodes > 0 && COUNT_TEXTS.unknownCodes(f.unknownCodes),
              f.serialsNotRead > 0 && COUNT_TEXTS.serialsNotRead(f.serialsNotRead),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
      </Card>
      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900 dark:border-slate-800 dark:text-slate-100">
          {COUNT_TEXTS.linesTitle}
        </h2>
        {f.lines.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-500 dark:text-slate-400">{COUNT_TEXTS.receiptPending}</p>
        ) : (
          <ul aria-label="Shipment lines" className="divide-y divide-slate-200 dark:divide-slate-800">
            {f.lines.map((l) => (
              <li key={l.sku} className="flex items-center gap-3 px-4 py-2.5">
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                    {l.name}
                  </span>
                  <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                    SKU {l.sku}
                  </span>
                </span>
                <span className="text-sm text-slate-900 tabular-nums dark:text-slate-100">
                  <span className="font-semibold">{formatCount(l.received)}</span>
                  <span className="text-slate-400 dark:text-slate-500"> / {formatCount(l.expected)}</span>
                </span>
                <Badge tone={LINE[l.status].tone} className="w-28 justify-center">
                  {LINE[l.status].label}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {f.cartons.length > 0 && (
        <Card className="overflow-hidden">
          <h2 className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900 dark:border-slate-800 dark:text-slate-100">
            <Boxes className="size-4 text-slate-500 dark:text-slate-400" aria-hidden />
            {COUNT_TEXTS.cartonsTitle}
          </h2>
          <ul aria-label="Cartons" className="divide-y divide-slate-200 dark:divide-slate-800">
            {f.cartons.map((c) => {
              const Icon = c.isReceived ? PackageCheck : PackageX;
              return (
                <li key={c.sscc} className="flex items-center gap-2 px-4 py-2.5">
                  <Icon
                    className={cn(
                      'size-4 shrink-0',
                      c.isReceived ? 'text-emerald-600 dark:text-emerald-400' : 'text-slate-400',
                    )}
                    aria-hidden
                  />
                  <span className="min-w-0 flex-1 truncate font-mono text-xs text-slate-700 dark:text-slate-300">
                    {c.sscc}
                  </span>
                  <Badge tone={c.isReceived ? 'green' : 'slate'}>
                    {c.isReceived ? 'Received' : 'Not yet'}
                  </Badge>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </>
  );
}

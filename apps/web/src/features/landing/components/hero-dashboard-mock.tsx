import { CircleCheck, Nfc, Radio, ScanLine, TriangleExclamationPoint } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';

type Row = { sku: string; name: string; expected: number; scanned: number };

const ROWS: Row[] = [
  { sku: 'SKU-1042', name: 'Denim jacket, M', expected: 48, scanned: 48 },
  { sku: 'SKU-2210', name: 'Trail runner, 42', expected: 36, scanned: 34 },
  { sku: 'SKU-0877', name: 'Wool beanie', expected: 120, scanned: 120 },
  { sku: 'SKU-3391', name: 'Canvas tote', expected: 60, scanned: 61 },
];

const STATS = [
  { label: 'Accuracy', value: '98.6%', tone: 'text-emerald-600' },
  { label: 'Tags scanned', value: '1,284', tone: 'text-slate-900' },
  { label: 'Discrepancies', value: '7', tone: 'text-amber-600' },
] as const;

function RowStatus({ expected, scanned }: Pick<Row, 'expected' | 'scanned'>) {
  const diff = scanned - expected;
  if (diff === 0) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
        <CircleCheck className="size-3" aria-hidden />
        Match
      </span>
    );
  }
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        diff < 0 ? 'bg-red-50 text-red-700' : 'bg-amber-50 text-amber-700',
      )}
    >
      <TriangleExclamationPoint className="size-3" aria-hidden />
      {diff < 0 ? `${formatCount(-diff)} missing` : `${formatCount(diff)} extra`}
    </span>
  );
}

/** A product visual drawn with Tailwind: an audit in progress, with sample figures. */
export function HeroDashboardMock() {
  return (
    <figure className="relative mx-auto w-full max-w-xl lg:max-w-none">
      <div
        aria-hidden
        className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-tr from-brand-100 via-white to-sky-100 blur-2xl"
      />

      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-brand-900/10">
        <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3">
          <span className="size-2.5 rounded-full bg-red-300" />
          <span className="size-2.5 rounded-full bg-amber-300" />
          <span className="size-2.5 rounded-full bg-emerald-300" />
          <span className="ml-3 truncate text-xs font-medium text-slate-500">
            Audits / Back store — Aisle 4
          </span>
        </div>

        <div className="space-y-5 p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-xs font-medium text-slate-500">Cycle count</p>
              <p className="text-base font-semibold text-slate-900">Back store — Aisle 4</p>
            </div>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-700">
              <span className="relative flex size-2">
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand-500 opacity-60" />
                <span className="relative inline-flex size-2 rounded-full bg-brand-600" />
              </span>
              Scanning
            </span>
          </div>

          <dl className="grid grid-cols-3 gap-2 sm:gap-3">
            {STATS.map((s) => (
              <div key={s.label} className="rounded-xl border border-slate-100 bg-slate-50/70 p-2.5 sm:p-3">
                <dt className="text-[11px] font-medium text-slate-500 sm:text-xs">{s.label}</dt>
                <dd className={cn('mt-1 text-lg font-bold tabular-nums sm:text-2xl', s.tone)}>{s.value}</dd>
              </div>
            ))}
          </dl>

          <div>
            <div className="flex justify-between text-xs text-slate-500">
              <span>Progress</span>
              <span className="tabular-nums">1,284 / 1,302 expected</span>
            </div>
            <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100">
              <div className="h-full w-[98%] rounded-full bg-gradient-to-r from-brand-500 to-brand-600" />
            </div>
          </div>

          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-xs text-slate-500">
                <th className="pb-2 font-medium">Item</th>
                <th className="hidden pb-2 text-right font-medium sm:table-cell">Expected</th>
                <th className="pb-2 text-right font-medium">Scanned</th>
                <th className="pb-2 text-right font-medium">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {ROWS.map((r) => (
                <tr key={r.sku}>
                  <td className="py-2 pr-2">
                    <p className="font-medium text-slate-800">{r.name}</p>
                    <p className="text-xs text-slate-400">{r.sku}</p>
                  </td>
                  <td className="hidden py-2 text-right tabular-nums text-slate-500 sm:table-cell">
                    {formatCount(r.expected)}
                  </td>
                  <td className="py-2 text-right tabular-nums text-slate-800">{r.scanned}</td>
                  <td className="py-2 pl-2 text-right">
                    <RowStatus expected={r.expected} scanned={r.scanned} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>

      <div className="absolute -bottom-10 -left-2 hidden items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:flex lg:-left-8">
        <span className="flex size-9 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
          <Nfc className="size-5" aria-hidden />
        </span>
        <div>
          <p className="text-xs font-semibold text-slate-900">Reader paired</p>
          <p className="font-mono text-xs tracking-widest text-slate-500">482 913</p>
        </div>
      </div>

      <div className="absolute -top-4 -right-2 hidden items-center gap-2 rounded-xl bg-slate-900 px-3 py-2 text-white shadow-lg sm:flex lg:-right-6">
        <Radio className="size-4 text-brand-100" aria-hidden />
        <span className="text-xs font-medium">Reads tags 3-10 feet away</span>
        <ScanLine className="size-4 text-brand-100" aria-hidden />
      </div>

      <figcaption className="sr-only">
        Illustration of a Quantics audit in progress, with sample figures: 98.6% accuracy, 1,284 tags scanned
        and 7 discrepancies.
      </figcaption>
    </figure>
  );
}

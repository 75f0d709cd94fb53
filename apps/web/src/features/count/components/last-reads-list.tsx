import {
  Calculator,
  CircleHelp,
  Hourglass,
  MapPinOff,
  Package,
  PackageCheck,
  ScanBarcode,
  TriangleAlert,
} from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { COUNT_TEXTS } from '../count-texts';
import type { CountView, LastReadView, ReadKind } from '../lib/count-session';

const KIND: Record<ReadKind, { label: string; tone: BadgeTone; icon: string }> = {
  found: { label: 'Found', tone: 'green', icon: 'text-emerald-600 dark:text-emerald-400' },
  misplaced: { label: 'Misplaced', tone: 'amber', icon: 'text-amber-600 dark:text-amber-400' },
  unknown: { label: 'Unknown', tone: 'red', icon: 'text-red-500 dark:text-red-400' },
  ignored: { label: 'Ignored', tone: 'slate', icon: 'text-slate-400' },
  waiting: { label: 'Waiting', tone: 'slate', icon: 'text-slate-400' },
};
const TAG_ICONS = {
  found: PackageCheck,
  misplaced: MapPinOff,
  unknown: CircleHelp,
  ignored: TriangleAlert,
  waiting: Hourglass,
};

/** A package's room and units: as expected, or what was entered for it (a blind count shows no expected units). */
function PackageLine({ pkg, isBlind }: { pkg: NonNullable<LastReadView['package']>; isBlind: boolean }) {
  return (
    <p className="text-xs text-slate-600 tabular-nums dark:text-slate-300">
      {pkg.room ?? 'No room'}
      {pkg.counted !== null ? (
        <>
          {' · '}
          <span className="font-semibold text-slate-900 dark:text-slate-100">
            Counted {formatCount(pkg.counted)}
          </span>
          {!isBlind && ` of ${formatCount(pkg.expected)}`}
        </>
      ) : (
        !isBlind && ` · Expected ${formatCount(pkg.expected)}`
      )}
    </p>
  );
}

function Row({
  r,
  isBlind,
  onEnterQuantity,
}: {
  r: LastReadView;
  isBlind: boolean;
  onEnterQuantity: (row: LastReadView) => void;
}) {
  const badge = KIND[r.kind];
  const Icon = r.package ? Package : r.code !== null ? ScanBarcode : TAG_ICONS[r.kind];
  const hasMeta = r.package !== null || r.quantity !== null || r.isRepeat || r.canEnterQuantity;
  return (
    <li
      className="flex items-start gap-3 px-4 py-2.5"
      data-epc={r.epc ?? undefined}
      data-code={r.code ?? undefined}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', KIND[r.kind].icon)} aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900 dark:text-slate-100">
            {r.title}
          </p>
          {r.times > 1 && (
            <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">×{r.times}</span>
          )}
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </div>
        <p className="line-clamp-2 font-mono text-xs wrap-anywhere text-slate-500 dark:text-slate-400">
          {r.detail}
        </p>
        {hasMeta && (
          <div
            className={cn(
              'mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5',
              r.canEnterQuantity && 'min-h-9',
            )}
          >
            <div className="min-w-0">
              {r.package && <PackageLine pkg={r.package} isBlind={isBlind} />}
              {r.quantity !== null && !r.package && (
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  Quantity{' '}
                  <span className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">
                    {formatCount(r.quantity)}
                  </span>
                </p>
              )}
              {r.isRepeat && (
                <p className="text-xs text-slate-500 dark:text-slate-400">Scanned before: counted once</p>
              )}
            </div>
            {r.canEnterQuantity && (
              <Button
                variant="secondary"
                size="sm"
                className="h-9"
                aria-label={`${COUNT_TEXTS.enterQuantity}: ${r.title}`}
                onClick={() => onEnterQuantity(r)}
              >
                <Calculator className="size-4" aria-hidden />
                {COUNT_TEXTS.enterQuantity}
              </Button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * The last reads, newest first: a tag's product, or 'Unknown tag' with its text; a scan's product and what was
 * scanned, or 'Unknown code' and why; a package with its room and units; what was ignored. The newest plain barcode
 * and every package can take a quantity.
 */
export function LastReads({
  view,
  isBlind,
  onEnterQuantity,
}: {
  view: CountView;
  isBlind: boolean;
  onEnterQuantity: (row: LastReadView) => void;
}) {
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Last reads</h2>
        <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
          {formatCount(view.reads)} reads
        </span>
      </div>
      {view.last.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          Nothing read yet. Point the reader at the shelf and pull the trigger.
        </p>
      ) : (
        <ol aria-label="Last reads" className="divide-y divide-slate-100 dark:divide-slate-800">
          {view.last.map((r) => (
            <Row key={r.id} r={r} isBlind={isBlind} onEnterQuantity={onEnterQuantity} />
          ))}
        </ol>
      )}
    </Card>
  );
}

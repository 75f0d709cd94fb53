import { MOVEMENT_REASON_LABELS, type TMovement, type TMovementReason } from '@quantics/contracts';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  FileUp,
  type LucideIcon,
  PackagePlus,
  Pencil,
  ScanLine,
  ShoppingCart,
  SlidersHorizontal,
  Undo2,
} from 'lucide-react';
import { Link } from 'react-router';
import { TBody, THead } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatCount, formatDate, formatDateTime, formatTime } from '@/lib/format';
import { INVENTORY_TEXTS } from '../inventory-texts';

const REASON_ICONS: Record<TMovementReason, LucideIcon> = {
  sale: ShoppingCart,
  return: Undo2,
  receipt: PackagePlus,
  transfer_in: ArrowDownToLine,
  transfer_out: ArrowUpFromLine,
  adjustment: SlidersHorizontal,
  count: ScanLine,
  edit: Pencil,
  import: FileUp,
};

/** +3 and −2 (a true minus sign, as wide as the plus), with thousands separators. */
export const signedDelta = (delta: number) =>
  delta > 0 ? `+${formatCount(delta)}` : delta < 0 ? `\u2212${formatCount(Math.abs(delta))}` : '0';

function Delta({ delta, className }: { delta: number; className?: string }) {
  return (
    <span
      data-testid="movement-delta"
      className={cn(
        'font-semibold tabular-nums',
        delta > 0 && 'text-emerald-700 dark:text-emerald-400',
        delta < 0 && 'text-red-700 dark:text-red-400',
        delta === 0 && 'text-slate-500 dark:text-slate-400',
        className,
      )}
    >
      {signedDelta(delta)}
    </span>
  );
}

function Reason({ reason }: { reason: TMovementReason }) {
  const Icon = REASON_ICONS[reason];
  return (
    <span className="inline-flex items-center gap-2 font-medium text-slate-900 dark:text-slate-100">
      <span className="flex size-6 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <Icon className="size-3.5" aria-hidden />
      </span>
      {MOVEMENT_REASON_LABELS[reason]}
    </span>
  );
}

/** What caused it: the audit whose count it applied (a link to it), a shipment, and the sender's own reference. */
function Reference({ movement: m }: { movement: TMovement }) {
  const parts = [
    m.audit_id !== null && (
      <Link
        key="audit"
        to={`/audits?audit=${m.audit_id}`}
        className="font-medium text-brand-700 hover:underline dark:text-brand-400"
      >
        {INVENTORY_TEXTS.auditRef(m.audit_id)}
      </Link>
    ),
    m.shipment_id !== null && <span key="shipment">{INVENTORY_TEXTS.shipmentRef(m.shipment_id)}</span>,
    m.reference && (
      <span key="reference" className="break-all">
        {m.reference}
      </span>
    ),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <span className="inline-flex flex-wrap gap-x-1.5">{parts}</span>;
}

/** The table's columns: a heading, and whether it holds figures (right-aligned). */
const COLUMNS = [
  ['When', false],
  ['Movement', false],
  ['By', false],
  ['Change', true],
  ['After', true],
] as const;

const placeName = (m: TMovement) => m.location ?? INVENTORY_TEXTS.noLocation;

/** The place under the reason (unless the list is one place's), and what caused it after a dot. */
function Detail({ movement, isPlaceShown }: { movement: TMovement; isPlaceShown: boolean }) {
  const hasReference = movement.audit_id !== null || movement.shipment_id !== null || !!movement.reference;
  if (!isPlaceShown && !hasReference) return null;
  return (
    <span className="mt-0.5 flex flex-wrap items-baseline gap-x-1.5 text-xs text-slate-500 dark:text-slate-400">
      {isPlaceShown && <span data-testid="movement-place">{placeName(movement)}</span>}
      {isPlaceShown && hasReference && <span aria-hidden>·</span>}
      {hasReference && <Reference movement={movement} />}
    </span>
  );
}

/**
 * A product's movements, newest first: a table where the dialog is wide, a line per movement on a phone. The change
 * is signed and coloured (green in, red out) beside the quantity it left in its place.
 */
export function MovementList({
  movements,
  isPlaceShown = true,
}: {
  movements: TMovement[];
  /** False when the list is one place's: its name on every line would say nothing. */
  isPlaceShown?: boolean;
}) {
  return (
    <>
      <div className="hidden overflow-hidden rounded-lg border border-slate-200 sm:block dark:border-slate-800">
        <table className="w-full text-left text-sm" aria-label={INVENTORY_TEXTS.historyTable}>
          <THead>
            <tr>
              {COLUMNS.map(([label, isNumber]) => (
                <th key={label} scope="col" className={cn('px-3 py-2.5', isNumber && 'text-right')}>
                  {label}
                </th>
              ))}
            </tr>
          </THead>
          <TBody>
            {movements.map((m) => (
              <tr key={m.id} data-testid="movement-row" className="align-top">
                <td className="px-3 py-2.5 whitespace-nowrap">
                  <span className="block text-slate-900 dark:text-slate-100">{formatDate(m.at)}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{formatTime(m.at)}</span>
                </td>
                <td className="px-3 py-2.5">
                  <Reason reason={m.reason} />
                  <span className="block pl-8">
                    <Detail movement={m} isPlaceShown={isPlaceShown} />
                  </span>
                </td>
                <td className="max-w-40 px-3 py-2.5 break-words text-slate-700 dark:text-slate-300">
                  {m.by}
                </td>
                <td className="px-3 py-2.5 text-right">
                  <Delta delta={m.delta} />
                </td>
                <td
                  data-testid="movement-after"
                  className="px-3 py-2.5 text-right font-medium tabular-nums text-slate-900 dark:text-slate-100"
                >
                  {formatCount(m.quantity_after)}
                </td>
              </tr>
            ))}
          </TBody>
        </table>
      </div>
      <ul
        aria-label={INVENTORY_TEXTS.historyTable}
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 sm:hidden dark:divide-slate-800 dark:border-slate-800"
      >
        {movements.map((m) => (
          <li
            key={m.id}
            data-testid="movement-card"
            className="flex items-start justify-between gap-3 px-3 py-3"
          >
            <div className="min-w-0 text-sm">
              <Reason reason={m.reason} />
              <div className="pl-8">
                <Detail movement={m} isPlaceShown={isPlaceShown} />
                <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{formatDateTime(m.at)}</p>
                <p className="text-xs break-words text-slate-500 dark:text-slate-400">{m.by}</p>
              </div>
            </div>
            <div className="shrink-0 text-right">
              <Delta delta={m.delta} className="block text-base" />
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {INVENTORY_TEXTS.after(m.quantity_after)}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

import type { TShipmentSummary } from '@quantics/contracts';
import { ChevronRight } from 'lucide-react';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { formatCount, formatDate } from '@/lib/format';
import { ShipmentStatus } from './shipment-status';

const place = (s: TShipmentSummary) =>
  s.source_location
    ? `${s.source_location} → ${s.destination_location ?? '—'}`
    : (s.destination_location ?? '—');

const units = (s: TShipmentSummary) =>
  s.units_received === null
    ? formatCount(s.units_expected)
    : `${formatCount(s.units_received)} of ${formatCount(s.units_expected)}`;

/** The shipments as a table on large screens and as cards on phones; a row opens its shipment. */
export function ShipmentsList({
  shipments,
  onOpen,
}: {
  shipments: TShipmentSummary[];
  onOpen: (id: number) => void;
}) {
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label="Shipments">
          <THead>
            <tr>
              <Th>Reference</Th>
              <Th>From</Th>
              <Th>To</Th>
              <Th>Expected</Th>
              <Th className="text-right">Cartons</Th>
              <Th className="text-right">Units</Th>
              <Th>Status</Th>
              <Th>
                <span className="sr-only">Open</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {shipments.map((s) => (
              <Tr key={s.id} className="cursor-pointer" onClick={() => onOpen(s.id)}>
                <Td>
                  <button
                    type="button"
                    className="font-medium text-slate-900 hover:underline dark:text-slate-100"
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(s.id);
                    }}
                  >
                    {s.reference}
                  </button>
                </Td>
                <Td>{s.source_location ? `Transfer from ${s.source_location}` : (s.supplier ?? '—')}</Td>
                <Td>{s.destination_location ?? '—'}</Td>
                <Td>{s.expected_at ? formatDate(s.expected_at) : '—'}</Td>
                <Td className="text-right tabular-nums">{formatCount(s.cartons_count)}</Td>
                <Td className="text-right tabular-nums">{units(s)}</Td>
                <Td>
                  <ShipmentStatus status={s.status} />
                </Td>
                <Td className="w-8 text-slate-400">
                  <ChevronRight className="size-4" aria-hidden />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden dark:divide-slate-800">
        {shipments.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              onClick={() => onOpen(s.id)}
              className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-800/40"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900 dark:text-slate-100">{s.reference}</span>
                  <ShipmentStatus status={s.status} />
                </div>
                <p className="mt-1 truncate text-sm text-slate-600 dark:text-slate-400">
                  {s.supplier ? `${s.supplier} · ` : ''}
                  {place(s)}
                </p>
                <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                  {units(s)} units · {formatCount(s.cartons_count)} carton{s.cartons_count === 1 ? '' : 's'}
                  {s.expected_at ? ` · expected ${formatDate(s.expected_at)}` : ''}
                </p>
              </div>
              <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

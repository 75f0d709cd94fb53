import type { TShipment } from '@quantics/contracts';
import { ArrowLeft, Download, PackageCheck, PackageX } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate, formatDateTime, formatSignedCount } from '@/lib/format';
import { notify } from '@/lib/toast';
import { downloadReceipt } from '../api/shipments';
import { MetrcPackages } from './metrc-packages';
import { ReceiptApproval } from './receipt-approval';
import { ReceiptLineStatus, ShipmentStatus } from './shipment-status';

const Figure = ({ label, value, tone }: { label: string; value: string; tone?: string }) => (
  <div className="rounded-lg bg-slate-50 px-4 py-3 dark:bg-slate-800/50">
    <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
    <dd
      className={`mt-1 text-xl font-semibold tabular-nums text-slate-900 dark:text-slate-100 ${tone ?? ''}`}
    >
      {value}
    </dd>
  </div>
);

/** One shipment: where it goes, its receipt (or its lines while nothing is received), cartons and serials. */
export function ShipmentDetail({ shipment: s, onBack }: { shipment: TShipment; onBack: () => void }) {
  const [isSaving, setIsSaving] = useState(false);
  const r = s.receipt;
  const save = async () => {
    setIsSaving(true);
    try {
      await downloadReceipt(s.id, s.reference);
    } catch (e) {
      notify.error(errorMessage(e, 'The receipt could not be downloaded'));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <div className="space-y-4">
      <Button variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden /> All shipments
      </Button>
      <Card className="p-5 sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{s.reference}</h2>
              <ShipmentStatus status={s.status} />
            </div>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {s.source_location ? `Transfer from ${s.source_location}` : (s.supplier ?? 'No supplier')} to{' '}
              {s.destination_location ?? 'a deleted location'}
              {s.expected_at ? ` · expected ${formatDate(s.expected_at)}` : ''}
              {s.received_at ? ` · received ${formatDateTime(s.received_at)}` : ''}
            </p>
          </div>
          {r && (
            <Button variant="secondary" size="sm" onClick={save} isLoading={isSaving}>
              <Download className="size-4" aria-hidden /> Receipt CSV
            </Button>
          )}
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure label="Units expected" value={formatCount(s.units_expected)} />
          <Figure label="Units received" value={r ? formatCount(r.units_received) : '—'} />
          <Figure
            label="Short"
            value={r ? formatCount(r.units_short) : '—'}
            tone={r && r.units_short > 0 ? 'text-red-600 dark:text-red-400' : undefined}
          />
          <Figure
            label="Over"
            value={r ? formatCount(r.units_over) : '—'}
            tone={r && r.units_over > 0 ? 'text-amber-600 dark:text-amber-400' : undefined}
          />
        </dl>
      </Card>

      <ReceiptApproval shipment={s} />

      {s.metrc && <MetrcPackages metrc={s.metrc} received={r?.state === 'completed'} />}

      <Card>
        <h3 className="px-5 pt-5 text-base font-semibold text-slate-900 dark:text-slate-100">
          {r ? (r.state === 'open' ? 'Receipt so far' : 'Receipt') : 'Lines'}
        </h3>
        <p className="px-5 pb-3 text-sm text-slate-600 dark:text-slate-400">
          {r
            ? r.state === 'open'
              ? 'The count receiving this shipment is still reading: these figures move as it reads.'
              : r.lines_awaiting_approval > 0
                ? 'What the count read, set against the shipment. What was received is in the destination’s stock, but for the lines awaiting approval.'
                : 'What the count read, set against the shipment. What was received is in the destination’s stock.'
            : 'What the shipment brings. Receive it with a reader: the count checks every line.'}
        </p>
        {r && (
          <ul className="divide-y divide-slate-100 border-t border-slate-100 md:hidden dark:divide-slate-800 dark:border-slate-800">
            {r.lines.map((l) => (
              <li key={l.product_id} className="flex items-center gap-3 px-5 py-3">
                <div className="min-w-0 flex-1">
                  <div className="truncate font-medium text-slate-900 dark:text-slate-100">{l.name}</div>
                  <div className="text-xs text-slate-500">
                    {l.sku} · {formatCount(l.received)} of {formatCount(l.expected)}
                    {l.difference !== 0 ? ` (${formatSignedCount(l.difference)})` : ''}
                  </div>
                </div>
                <ReceiptLineStatus status={l.status} />
              </li>
            ))}
            {r.unknown_codes.map((u) => (
              <li key={`u:${u.code}`} className="flex items-center gap-3 px-5 py-3">
                <div className="min-w-0 flex-1">
                  <div className="truncate font-mono text-xs text-slate-700 dark:text-slate-300">
                    {u.code}
                  </div>
                  <div className="text-xs text-slate-500">
                    Matches no product · {formatCount(u.units)} read
                  </div>
                </div>
                <Badge tone="slate">Unknown</Badge>
              </li>
            ))}
          </ul>
        )}
        {r ? (
          <Table aria-label="Receipt lines" className="hidden md:block">
            <THead>
              <tr>
                <Th>Product</Th>
                <Th className="text-right">Expected</Th>
                <Th className="text-right">Received</Th>
                <Th className="text-right">Difference</Th>
                <Th>Status</Th>
              </tr>
            </THead>
            <TBody>
              {r.lines.map((l) => (
                <Tr key={l.product_id}>
                  <Td>
                    <div className="font-medium text-slate-900 dark:text-slate-100">{l.name}</div>
                    <div className="text-xs text-slate-500">{l.sku}</div>
                  </Td>
                  <Td className="text-right tabular-nums">{formatCount(l.expected)}</Td>
                  <Td className="text-right tabular-nums">{formatCount(l.received)}</Td>
                  <Td className="text-right tabular-nums">{formatSignedCount(l.difference)}</Td>
                  <Td>
                    <ReceiptLineStatus status={l.status} />
                  </Td>
                </Tr>
              ))}
              {r.unknown_codes.map((u) => (
                <Tr key={`u:${u.code}`}>
                  <Td>
                    <div className="font-mono text-xs text-slate-700 dark:text-slate-300">{u.code}</div>
                    <div className="text-xs text-slate-500">Matches no product</div>
                  </Td>
                  <Td className="text-right tabular-nums">{formatCount(0)}</Td>
                  <Td className="text-right tabular-nums">{formatCount(u.units)}</Td>
                  <Td className="text-right tabular-nums">{formatSignedCount(u.units)}</Td>
                  <Td>
                    <Badge tone="slate">Unknown</Badge>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        ) : (
          <Table aria-label="Shipment lines">
            <THead>
              <tr>
                <Th>Product</Th>
                <Th>Carton</Th>
                <Th className="text-right">Quantity</Th>
              </tr>
            </THead>
            <TBody>
              {s.lines.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a shipment may list one product twice.
                <Tr key={i}>
                  <Td>
                    <div className="font-medium text-slate-900 dark:text-slate-100">{l.name}</div>
                    <div className="text-xs text-slate-500">{l.sku}</div>
                  </Td>
                  <Td className="font-mono text-xs">{l.sscc ?? 'Loose'}</Td>
                  <Td className="text-right tabular-nums">{formatCount(l.quantity)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </Card>

      {(s.cartons.length > 0 || (r?.serials_not_read.length ?? 0) > 0) && (
        <div className="grid gap-4 lg:grid-cols-2">
          {s.cartons.length > 0 && (
            <Card className="p-5">
              <h3 className="text-base font-semibold text-slate-900 dark:text-slate-100">Cartons</h3>
              <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
                {(r?.cartons ?? s.cartons.map((c) => ({ sscc: c.sscc, status: null }))).map((c) => (
                  <li key={c.sscc} className="flex items-center justify-between gap-3 py-2">
                    <span className="font-mono text-sm text-slate-700 dark:text-slate-300">
                      SSCC {c.sscc}
                    </span>
                    {c.status === 'received' ? (
                      <Badge tone="green">
                        <PackageCheck className="size-3.5" aria-hidden /> Received
                      </Badge>
                    ) : c.status === 'missing' ? (
                      <Badge tone="red">
                        <PackageX className="size-3.5" aria-hidden /> Missing
                      </Badge>
                    ) : (
                      <Badge tone="slate">Expected</Badge>
                    )}
                  </li>
                ))}
              </ul>
            </Card>
          )}
          {r && r.serials_not_read.length > 0 && (
            <Card className="p-5">
              <h3 className="text-base font-semibold text-slate-900 dark:text-slate-100">Serials not read</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Announced by the sender, but no reader saw them.
              </p>
              <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
                {r.serials_not_read.map((e) => (
                  <li key={e.epc} className="py-2 text-sm">
                    <span className="text-slate-900 dark:text-slate-100">
                      {e.gtin ? `GTIN ${e.gtin}, serial ${e.serial}` : 'Tag'}
                    </span>
                    <span className="block font-mono text-xs break-all text-slate-500">{e.epc}</span>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>
      )}
    </div>
  );
}

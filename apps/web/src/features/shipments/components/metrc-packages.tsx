import type { TMetrcShipment } from '@quantics/contracts';
import { CircleCheck, CircleX } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { formatCount, formatDecimal } from '@/lib/format';

/** A package's quantity in its own unit: grams may be fractional ('453.6'), each is whole. */
const amount = (n: number) => formatDecimal(n);

const Action = ({ action }: { action: 'accept' | 'reject' }) =>
  action === 'accept' ? (
    <Badge tone="green">
      <CircleCheck className="size-3.5" aria-hidden /> Accept
    </Badge>
  ) : (
    <Badge tone="red">
      <CircleX className="size-3.5" aria-hidden /> Reject
    </Badge>
  );

/**
 * A Metrc manifest's packages and what to do with each in Metrc's own screens once the shipment is received: accept
 * what was read (with its quantity), reject what was not. Quantics never writes to Metrc (docs/receiving.md).
 */
export function MetrcPackages({ metrc: m, received }: { metrc: TMetrcShipment; received: boolean }) {
  const toAccept = m.packages.length - m.packages_to_reject;
  return (
    <Card>
      <div className="px-5 pt-5">
        <h3 className="text-base font-semibold text-slate-900 dark:text-slate-100">
          Metrc manifest {m.manifest_number}
        </h3>
        <p className="mt-1 pb-3 text-sm text-slate-600 dark:text-slate-400">
          {m.shipper_license ? `From license ${m.shipper_license}. ` : ''}
          {received
            ? `${formatCount(m.packages_read)} of ${formatCount(m.packages.length)} packages read. In Metrc, accept ${formatCount(toAccept)} and reject ${formatCount(m.packages_to_reject)}, with the quantities below.`
            : `${formatCount(m.packages.length)} packages. Once received, this says which to accept or reject in Metrc.`}
        </p>
      </div>
      <ul className="divide-y divide-slate-100 border-t border-slate-100 md:hidden dark:divide-slate-800 dark:border-slate-800">
        {m.packages.map((p) => (
          <li key={p.label} className="flex items-center gap-3 px-5 py-3">
            <div className="min-w-0 flex-1">
              <div className="truncate font-medium text-slate-900 dark:text-slate-100">{p.item}</div>
              <div className="font-mono text-xs break-all text-slate-500">{p.label}</div>
              <div className="text-xs text-slate-500">
                {received
                  ? `${amount(p.received)} of ${amount(p.shipped)} ${p.unit}`
                  : `${amount(p.shipped)} ${p.unit}`}
                {received && p.shortfall > 0 ? ` · ${amount(p.shortfall)} short` : ''}
              </div>
            </div>
            {received && <Action action={p.action} />}
          </li>
        ))}
      </ul>
      <Table aria-label="Metrc packages" className="hidden md:block">
        <THead>
          <tr>
            <Th>Package</Th>
            <Th className="text-right">Shipped</Th>
            <Th className="text-right">Received</Th>
            <Th className="text-right">Short</Th>
            <Th>In Metrc</Th>
          </tr>
        </THead>
        <TBody>
          {m.packages.map((p) => (
            <Tr key={p.label}>
              <Td>
                <div className="font-medium text-slate-900 dark:text-slate-100">{p.item}</div>
                <div className="font-mono text-xs text-slate-500">{p.label}</div>
              </Td>
              <Td className="text-right tabular-nums">
                {amount(p.shipped)} {p.unit}
              </Td>
              <Td className="text-right tabular-nums">{received ? amount(p.received) : '—'}</Td>
              <Td className="text-right tabular-nums">
                {received && p.shortfall > 0 ? amount(p.shortfall) : '—'}
              </Td>
              <Td>{received ? <Action action={p.action} /> : <Badge tone="slate">Expected</Badge>}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}

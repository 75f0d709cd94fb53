import { FIXED_READER_INTERFACE_LABELS, type TDevice } from '@quantics/contracts';
import { Clock, Radio, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Table, TBody, Td, THead, Th, Tr } from '@/components/ui/table';
import { DeviceName } from './device-name';
import { Battery, DeviceStatusBadge, lastUsed, SignalBars } from './device-signals';
import { FixedCountButtons, FixedCountState, type FixedReaderActions } from './fixed-reader-count';

type Props = {
  devices: TDevice[];
  canEdit: boolean;
  onDelete: (d: TDevice) => void;
  /** Fixed readers' counts and their actions (operators and admins). */
  fixed: FixedReaderActions;
};

const kindLabel = (d: TDevice) =>
  d.model ?? (d.kind === 'fixed' ? 'Fixed reader' : d.kind === 'browser' ? 'Browser' : 'Handheld reader');

/** How a fixed reader posts its reads (the URL it was given). */
function InterfaceLine({ device }: { device: TDevice }) {
  if (!device.interface) return null;
  return (
    <p className="truncate text-xs text-slate-500 dark:text-slate-400" data-testid="device-interface">
      Via {FIXED_READER_INTERFACE_LABELS[device.interface]}
    </p>
  );
}

function DeleteButton({ device, onDelete }: { device: TDevice; onDelete: (d: TDevice) => void }) {
  return (
    <Button
      variant="danger-ghost"
      size="sm"
      onClick={() => onDelete(device)}
      aria-label={`Delete ${device.name}`}
    >
      <Trash2 className="size-4" aria-hidden />
    </Button>
  );
}

export function DevicesGrid({ devices, canEdit, onDelete, fixed }: Props) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {devices.map((d) => (
        <li key={d.id}>
          <Card className="flex h-full flex-col gap-4 p-5" data-testid="device-card">
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-500/10 dark:text-brand-400">
                  <Radio className="size-5" aria-hidden />
                </span>
                <div className="min-w-0">
                  <DeviceName device={d} canEdit={canEdit} />
                  <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">
                    {d.serial_number}
                  </p>
                  <InterfaceLine device={d} />
                </div>
              </div>
              <DeviceStatusBadge status={d.status} />
            </div>
            <dl className="grid grid-cols-3 gap-3 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/50">
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Battery</dt>
                <dd className="mt-1">
                  <Battery device={d} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">Signal</dt>
                <dd className="mt-1.5">
                  <SignalBars device={d} />
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500 dark:text-slate-400">Last used</dt>
                <dd className="mt-1 truncate text-slate-700 dark:text-slate-300">{lastUsed(d.last_seen)}</dd>
              </div>
            </dl>
            {d.kind === 'fixed' && (
              <div className="space-y-2 border-t border-slate-100 pt-3 dark:border-slate-800">
                <FixedCountState device={d} actions={fixed} />
                {canEdit && <FixedCountButtons device={d} actions={fixed} />}
              </div>
            )}
            <div className="mt-auto flex items-center justify-between text-xs text-slate-500 dark:text-slate-400">
              <span className="inline-flex items-center gap-1">
                <Clock className="size-3.5" aria-hidden />
                {kindLabel(d)}
                {d.is_paired ? '' : ' · not paired yet'}
              </span>
              {canEdit && <DeleteButton device={d} onDelete={onDelete} />}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function DevicesTable({ devices, canEdit, onDelete, fixed }: Props) {
  return (
    // relative: the header's visually hidden 'Actions' label is positioned, and must scroll with the table.
    <Card className="relative overflow-hidden">
      <Table className="relative">
        <THead>
          <tr>
            <Th>Device</Th>
            <Th>Status</Th>
            <Th>Battery</Th>
            <Th className="hidden sm:table-cell">Signal</Th>
            <Th className="hidden md:table-cell">Last used</Th>
            {canEdit && (
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            )}
          </tr>
        </THead>
        <TBody>
          {devices.map((d) => (
            <Tr key={d.id} data-testid="device-row">
              <Td className="max-w-40 sm:max-w-72">
                <DeviceName device={d} canEdit={canEdit} />
                <p className="font-mono text-xs text-slate-500 dark:text-slate-400">{d.serial_number}</p>
                <InterfaceLine device={d} />
                {d.kind === 'fixed' && (
                  <div className="mt-1.5 space-y-1.5">
                    <FixedCountState device={d} actions={fixed} />
                    {canEdit && <FixedCountButtons device={d} actions={fixed} />}
                  </div>
                )}
              </Td>
              <Td>
                <DeviceStatusBadge status={d.status} />
              </Td>
              <Td>
                <Battery device={d} />
              </Td>
              <Td className="hidden sm:table-cell">
                <SignalBars device={d} />
              </Td>
              <Td className="hidden whitespace-nowrap md:table-cell">{lastUsed(d.last_seen)}</Td>
              {canEdit && (
                <Td className="py-2 text-right">
                  <DeleteButton device={d} onDelete={onDelete} />
                </Td>
              )}
            </Tr>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}

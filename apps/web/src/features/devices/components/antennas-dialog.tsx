import { ANTENNA_NAME_MAX, ANTENNAS_MAX, type TDevice, ZAntennasRequest } from '@quantics/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useLocations } from '@/shared/locations/locations-api';
import { useAntennas, useSaveAntennas } from '../api/antennas';

export const ANTENNA_TEXTS = {
  title: 'Antennas',
  description: (name: string) =>
    `Where each antenna of ${name} reads. An antenna left out reads at the reader's home location.`,
  add: 'Add antenna',
  save: 'Save antennas',
  saved: 'Antennas saved',
  saveFailed: 'Failed to save antennas',
  none: 'No antenna mapped: every read is at the reader’s home location.',
  choosePlace: 'Choose a place',
} as const;

type Row = { key: number; port: string; location_id: string; name: string };

/** A fixed reader's antenna map: port, place and an optional name per antenna, saved whole. */
export function AntennasDialog({ device, onClose }: { device: TDevice | null; onClose: () => void }) {
  return (
    <Dialog
      isOpen={device !== null}
      onOpenChange={(open) => !open && onClose()}
      title={ANTENNA_TEXTS.title}
      description={device ? ANTENNA_TEXTS.description(device.name) : undefined}
      size="lg"
    >
      {device && <AntennasForm key={device.id} device={device} onDone={onClose} />}
    </Dialog>
  );
}

function AntennasForm({ device, onDone }: { device: TDevice; onDone: () => void }) {
  const antennas = useAntennas(device.id);
  const locations = useLocations();
  const save = useSaveAntennas(device.id);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (antennas.isPending || locations.isPending) return <Spinner label="Loading antennas" />;
  const current: Row[] =
    rows ??
    (antennas.data?.antennas ?? []).map((a, i) => ({
      key: i,
      port: String(a.port),
      location_id: String(a.location_id),
      name: a.name ?? '',
    }));
  const places = [...(locations.data ?? [])].sort((a, b) => a.path.localeCompare(b.path));
  const update = (key: number, patch: Partial<Row>) =>
    setRows(current.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const nextPort = () => {
    const used = new Set(current.map((r) => Number(r.port)));
    let port = 1;
    while (used.has(port)) port++;
    return String(port);
  };

  const submit = async () => {
    const parsed = ZAntennasRequest.safeParse({
      antennas: current.map((r) => ({
        port: r.port === '' ? Number.NaN : Number(r.port),
        location_id: r.location_id === '' ? Number.NaN : Number(r.location_id),
        name: r.name,
      })),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ANTENNA_TEXTS.saveFailed);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(parsed.data);
      notify.success(ANTENNA_TEXTS.saved);
      onDone();
    } catch (err) {
      setError(errorMessage(err, ANTENNA_TEXTS.saveFailed));
    }
  };

  return (
    <div className="space-y-4">
      {current.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{ANTENNA_TEXTS.none}</p>
      ) : (
        <ul className="space-y-3">
          {current.map((r) => (
            <li
              key={r.key}
              data-testid="antenna-row"
              className="grid grid-cols-[5rem_1fr_auto] items-center gap-2 sm:grid-cols-[5rem_1fr_10rem_auto]"
            >
              <Input
                aria-label="Antenna port"
                inputMode="numeric"
                value={r.port}
                onChange={(e) => update(r.key, { port: e.target.value.replace(/\D/g, '') })}
              />
              <Select
                aria-label={`Place of antenna ${r.port}`}
                value={r.location_id}
                onChange={(e) => update(r.key, { location_id: e.target.value })}
              >
                <option value="">{ANTENNA_TEXTS.choosePlace}</option>
                {places.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.path}
                  </option>
                ))}
              </Select>
              <Input
                aria-label={`Name of antenna ${r.port}`}
                placeholder="Name (optional)"
                maxLength={ANTENNA_NAME_MAX}
                value={r.name}
                onChange={(e) => update(r.key, { name: e.target.value })}
                className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto"
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove antenna ${r.port}`}
                onClick={() => setRows(current.filter((x) => x.key !== r.key))}
                className="row-start-1 sm:row-start-auto col-start-3 sm:col-start-auto"
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {current.length < ANTENNAS_MAX && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            setRows([
              ...current,
              {
                key: Math.max(-1, ...current.map((r) => r.key)) + 1,
                port: nextPort(),
                location_id: '',
                name: '',
              },
            ])
          }
        >
          <Plus className="size-4" aria-hidden />
          {ANTENNA_TEXTS.add}
        </Button>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button onClick={submit} isLoading={save.isPending}>
          {ANTENNA_TEXTS.save}
        </Button>
      </div>
    </div>
  );
}

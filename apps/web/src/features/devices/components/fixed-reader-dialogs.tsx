import {
  FIXED_READER_INTERFACE_LABELS,
  FIXED_READER_INTERFACES,
  interfaceForModel,
  type TDevice,
  type TFixedReaderCreated,
  type TFixedReaderInterface,
} from '@quantics/contracts';
import { type FormEvent, useState } from 'react';
import { useAuth } from '@/app/auth-provider';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field, Input, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useLocations } from '@/shared/locations/locations-api';
import { useCreateFixedReader, useReplaceWebhookPassword, useStartCount } from '../api/fixed-readers';
import { FIXED_TEXTS } from '../fixed-reader-texts';
import { WebhookSettings } from './webhook-settings';

/** A location of the catalogue, or for a Dutchie company a room by name: where a fixed reader counts. */
function PlaceField({
  label,
  location,
  room,
  onLocation,
  onRoom,
  anywhereLabel,
}: {
  label: string;
  location: string;
  room: string;
  onLocation: (v: string) => void;
  onRoom: (v: string) => void;
  anywhereLabel: string;
}) {
  const { user } = useAuth();
  const locations = useLocations();
  if (user?.inventory_type === 'dutchie') {
    return (
      <TextField
        label={`${label} (room)`}
        value={room}
        onChange={(e) => onRoom(e.target.value)}
        placeholder="Sales Floor"
        hint="A room of your Dutchie store; empty: the whole store."
      />
    );
  }
  return (
    <Field label={label}>
      {(id) => (
        <Select id={id} value={location} onChange={(e) => onLocation(e.target.value)}>
          <option value="">{anywhereLabel}</option>
          {(locations.data ?? []).map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.path}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

const placeBody = (location: string, room: string) => ({
  ...(location ? { location_id: Number(location) } : {}),
  ...(room.trim() ? { room: room.trim() } : {}),
});

function Actions({ label, isPending }: { label: string; isPending: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      <Button type="submit" isLoading={isPending} disabled={isPending}>
        {label}
      </Button>
    </div>
  );
}

/** The models people pick from (any other may be typed). */
const FIXED_READER_MODELS = [
  'Impinj R700',
  'Zebra FX9600',
  'Zebra FX7500',
  'Zebra ATR7000',
  'Zebra FXR90',
  'Impinj Speedway R420',
  'Impinj Speedway R220',
  'Impinj Speedway R120',
  'Impinj xArray',
] as const;

/**
 * Add fixed reader: name, serial number, model, connection (following the model), home; then its webhook settings,
 * shown this once, and what to enter in the reader's web console.
 */
export function AddFixedReaderDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [form, setForm] = useState({ name: '', serial: '', model: 'Impinj R700', location: '', room: '' });
  // The connection follows the model until someone picks one.
  const [picked, setPicked] = useState<TFixedReaderInterface | null>(null);
  const iface = picked ?? interfaceForModel(form.model);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<TFixedReaderCreated | null>(null);
  const create = useCreateFixedReader();
  const close = (open: boolean) => {
    if (!open) {
      setForm({ name: '', serial: '', model: 'Impinj R700', location: '', room: '' });
      setPicked(null);
      setError(null);
      setCreated(null);
    }
    onOpenChange(open);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const result = await create.mutateAsync({
        name: form.name,
        serial_number: form.serial,
        ...(form.model.trim() ? { model: form.model } : {}),
        interface: iface,
        ...placeBody(form.location, form.room),
      });
      setCreated(result);
      notify.success(FIXED_TEXTS.added);
    } catch (err) {
      setError(errorMessage(err, FIXED_TEXTS.addFailed));
    }
  };
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setError(null);
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      title={created ? `${created.device.name}: ${FIXED_TEXTS.settingsTitle.toLowerCase()}` : FIXED_TEXTS.add}
      description={created ? undefined : FIXED_TEXTS.addDescription}
    >
      {created ? (
        <div className="space-y-4">
          <WebhookSettings webhook={created.webhook} iface={created.device.interface} />
          <div className="flex justify-end">
            <Button onClick={() => close(false)}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <TextField
            label="Name"
            value={form.name}
            onChange={(e) => set('name')(e.target.value)}
            placeholder="Dock door 1"
            required
          />
          <TextField
            label="Serial number"
            value={form.serial}
            onChange={(e) => set('serial')(e.target.value)}
            placeholder="37020012345"
            hint="As on the reader's label; it is the webhook's user name."
            required
          />
          <TextField
            label="Model"
            value={form.model}
            onChange={(e) => set('model')(e.target.value)}
            list="fixed-reader-models"
          />
          <datalist id="fixed-reader-models">
            {FIXED_READER_MODELS.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
          <Field label={FIXED_TEXTS.interfaceLabel} hint={FIXED_TEXTS.interfaceHint}>
            {(id, noteId) => (
              <Select
                id={id}
                aria-describedby={noteId}
                value={iface}
                onChange={(e) => setPicked(e.target.value as TFixedReaderInterface)}
              >
                {FIXED_READER_INTERFACES.map((i) => (
                  <option key={i} value={i}>
                    {FIXED_READER_INTERFACE_LABELS[i]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <PlaceField
            label="Home location"
            location={form.location}
            room={form.room}
            onLocation={set('location')}
            onRoom={set('room')}
            anywhereLabel="Whole catalogue"
          />
          {error && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
          <Actions label={FIXED_TEXTS.add} isPending={create.isPending} />
        </form>
      )}
    </Dialog>
  );
}

/** Asks first, then shows the new settings; the old password stops working at once. */
export function ReplacePasswordDialog({ device, onClose }: { device: TDevice | null; onClose: () => void }) {
  const [created, setCreated] = useState<TFixedReaderCreated | null>(null);
  const replace = useReplaceWebhookPassword();
  const close = () => {
    setCreated(null);
    onClose();
  };
  const confirm = async () => {
    if (!device) return;
    try {
      setCreated(await replace.mutateAsync(device.id));
      notify.success(FIXED_TEXTS.replaced);
    } catch (err) {
      notify.error(errorMessage(err, FIXED_TEXTS.replaceFailed));
    }
  };
  return (
    <Dialog
      isOpen={device !== null}
      onOpenChange={(o) => !o && close()}
      title={
        created
          ? `${created.device.name}: ${FIXED_TEXTS.settingsTitle.toLowerCase()}`
          : `${FIXED_TEXTS.replacePassword}?`
      }
    >
      {created ? (
        <div className="space-y-4">
          <WebhookSettings webhook={created.webhook} iface={created.device.interface} />
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {device && FIXED_TEXTS.replaceQuestion(device.name)}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={confirm}
              isLoading={replace.isPending}
              disabled={replace.isPending}
            >
              {FIXED_TEXTS.replacePassword}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** Start count on a fixed reader: where (its home by default), a name, and optionally how long it runs. */
export function StartCountDialog({ device, onClose }: { device: TDevice | null; onClose: () => void }) {
  const [place, setPlace] = useState<{ location: string; room: string } | null>(null);
  const [name, setName] = useState('');
  const [minutes, setMinutes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useStartCount();
  const home = { location: device?.location_id ? String(device.location_id) : '', room: device?.room ?? '' };
  const where = place ?? home;
  const close = () => {
    setPlace(null);
    setName('');
    setMinutes('');
    setError(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!device) return;
    try {
      await start.mutateAsync({
        id: device.id,
        body: {
          ...placeBody(where.location, where.room),
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(minutes ? { duration_minutes: Number(minutes) } : {}),
        },
      });
      notify.success(FIXED_TEXTS.started);
      close();
    } catch (err) {
      setError(errorMessage(err, FIXED_TEXTS.startFailed));
    }
  };
  return (
    <Dialog
      isOpen={device !== null}
      onOpenChange={(o) => !o && close()}
      title={device ? `${FIXED_TEXTS.startCount}: ${device.name}` : FIXED_TEXTS.startCount}
      description="Reads the reader posts land in this count until you finish it (or its time runs out)."
    >
      <form onSubmit={submit} className="space-y-4">
        <PlaceField
          label="Where"
          location={where.location}
          room={where.room}
          onLocation={(location) => setPlace({ ...where, location })}
          onRoom={(room) => setPlace({ ...where, room })}
          anywhereLabel="Whole catalogue"
        />
        <TextField label="Count name (optional)" value={name} onChange={(e) => setName(e.target.value)} />
        <Field label="Finish after (minutes, optional)" hint="Empty: runs until you finish it.">
          {(id, describedBy) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          )}
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <Actions label={FIXED_TEXTS.startCount} isPending={start.isPending} />
      </form>
    </Dialog>
  );
}

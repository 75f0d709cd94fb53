import { DEVICE_NAME_MAX, type TDevice } from '@quantics/contracts';
import { Check, Pencil, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Input } from '@/components/ui/field';
import { DEVICE_TEXTS } from '@/features/devices/device-texts';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useRenameDevice } from '../api/devices';

const iconButton =
  'rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200';

/** The device's name with inline editing: start, then save (Enter) or cancel (Escape). */
export function DeviceName({ device, canEdit }: { device: TDevice; canEdit: boolean }) {
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useRenameDevice();
  const save = async (e?: FormEvent) => {
    e?.preventDefault();
    const name = draft?.trim() ?? '';
    if (!name || name === device.name) return setDraft(null);
    try {
      await rename.mutateAsync({ id: device.id, name });
      notify.success(DEVICE_TEXTS.renamed);
      setDraft(null);
    } catch (err) {
      notify.error(errorMessage(err, DEVICE_TEXTS.renameFailed));
    }
  };
  if (draft !== null) {
    return (
      <form onSubmit={save} className="flex items-center gap-1">
        <Input
          value={draft}
          maxLength={DEVICE_NAME_MAX}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setDraft(null)}
          aria-label="Device name"
          className="h-8"
          autoFocus
        />
        <button type="submit" className={iconButton} aria-label="Save name" disabled={rename.isPending}>
          <Check className="size-4" aria-hidden />
        </button>
        <button type="button" className={iconButton} aria-label="Cancel" onClick={() => setDraft(null)}>
          <X className="size-4" aria-hidden />
        </button>
      </form>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-1">
      <span className="truncate font-medium text-slate-900 dark:text-slate-100" title={device.name}>
        {device.name}
      </span>
      {canEdit && (
        <button
          type="button"
          className={iconButton}
          aria-label={`Edit name of ${device.name}`}
          onClick={() => setDraft(device.name)}
        >
          <Pencil className="size-3.5" aria-hidden />
        </button>
      )}
    </div>
  );
}

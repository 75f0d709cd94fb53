import type { TAudit } from '@quantics/contracts';
import { Flag, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/select';
import { notify } from '@/lib/toast';
import { useCountProgress, useFinishForEveryone } from '@/shared/audits/count-progress';
import { useAddFixedReader, useFixedReaders } from '../api/team-counts';

const errorText = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

/**
 * What the person who started a count (or an admin) may do while it runs (the server decides who may): add a fixed
 * reader of the counted place, whose posts then go to this count, and finish the count for every reader.
 */
export function TeamCountActions({ audit }: { audit: TAudit }) {
  const progress = useCountProgress(audit.id);
  const readers = useFixedReaders(true);
  const add = useAddFixedReader();
  const finish = useFinishForEveryone();
  const [deviceId, setDeviceId] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const inCount = new Set(progress.data?.participants.map((p) => p.device_id) ?? []);
  const addable = (readers.data ?? []).filter((d) => !inCount.has(d.id));
  const counting = progress.data?.participants.filter((p) => !p.finished).length ?? 0;

  const addReader = () => {
    const id = Number(deviceId);
    if (!id) return;
    add.mutate(
      { id: audit.id, body: { device_id: id } },
      {
        onSuccess: () => {
          setDeviceId('');
          notify.success('Fixed reader added to the count');
        },
        onError: (err) => notify.error(errorText(err, 'Failed to add the reader')),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-center dark:bg-slate-800/50">
      {addable.length > 0 && (
        <div className="flex min-w-0 flex-1 gap-2">
          <Select
            aria-label="Fixed reader to add"
            value={deviceId}
            onChange={(e) => setDeviceId(e.target.value)}
            className="min-w-0 flex-1"
          >
            <option value="">Add a fixed reader…</option>
            {addable.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
          <Button variant="secondary" onClick={addReader} disabled={!deviceId} isLoading={add.isPending}>
            <Plus className="size-4" aria-hidden />
            Add
          </Button>
        </div>
      )}
      <Button className="sm:ml-auto" onClick={() => setIsConfirming(true)} isLoading={finish.isPending}>
        <Flag className="size-4" aria-hidden />
        Finish for everyone
      </Button>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title="Finish the count for everyone?"
        description={
          counting > 0
            ? `${counting} ${counting === 1 ? 'reader is' : 'readers are'} still counting. The reads already sent count; anything sent later is refused.`
            : 'The reads already sent count; anything sent later is refused.'
        }
        confirmLabel="Finish for everyone"
        isPending={finish.isPending}
        onConfirm={() =>
          finish.mutate(audit.id, {
            onSuccess: () => {
              setIsConfirming(false);
              notify.success('Count finished');
            },
            onError: (err) => notify.error(errorText(err, 'Failed to finish the count')),
          })
        }
      />
    </div>
  );
}

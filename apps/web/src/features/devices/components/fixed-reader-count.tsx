import type { TAudit, TDevice } from '@quantics/contracts';
import { KeyRound, Play, Radio, Square } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatCount, formatDateTime } from '@/lib/format';
import { FIXED_TEXTS } from '../fixed-reader-texts';

/** What the page hands a fixed reader's card or row: its open count, and the actions on it. */
export type FixedReaderActions = {
  openCounts: Map<number, TAudit>;
  finishingId: number | null;
  onStart: (d: TDevice) => void;
  onFinish: (d: TDevice) => void;
  onReplace: (d: TDevice) => void;
  /** Its antennas mapped to places (issue 52). */
  onAntennas?: (d: TDevice) => void;
};

/** The count's live state: in progress with reads so far (and when it ends), or none open. */
export function FixedCountState({ device, actions }: { device: TDevice; actions: FixedReaderActions }) {
  const count = actions.openCounts.get(device.id);
  if (!count) {
    return (
      <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="fixed-count-state">
        No count open
      </p>
    );
  }
  return (
    <p className="text-xs text-slate-700 dark:text-slate-300" data-testid="fixed-count-state">
      <span className="font-medium text-brand-700 dark:text-brand-300">Counting</span> {count.name}
      {count.location ? ` at ${count.location}` : ''} ·{' '}
      <span className="tabular-nums">{formatCount(count.reads_count)}</span>{' '}
      {count.reads_count === 1 ? 'read' : 'reads'} so far
      {count.ends_at ? ` · ends ${formatDateTime(count.ends_at)}` : ''}
    </p>
  );
}

export function FixedCountButtons({ device, actions }: { device: TDevice; actions: FixedReaderActions }) {
  const count = actions.openCounts.get(device.id);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {count ? (
        <Button
          size="sm"
          onClick={() => actions.onFinish(device)}
          isLoading={actions.finishingId === device.id}
          disabled={actions.finishingId === device.id}
        >
          <Square className="size-3.5" aria-hidden />
          {FIXED_TEXTS.finishCount}
        </Button>
      ) : (
        <Button size="sm" onClick={() => actions.onStart(device)}>
          <Play className="size-3.5" aria-hidden />
          {FIXED_TEXTS.startCount}
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={() => actions.onReplace(device)}>
        <KeyRound className="size-3.5" aria-hidden />
        {FIXED_TEXTS.replacePassword}
      </Button>
      {actions.onAntennas && (
        <Button variant="ghost" size="sm" onClick={() => actions.onAntennas?.(device)}>
          <Radio className="size-3.5" aria-hidden />
          Antennas
        </Button>
      )}
    </div>
  );
}

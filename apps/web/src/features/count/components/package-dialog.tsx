import { Calculator, Check, Package } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatCount } from '@/lib/format';
import { COUNT_TEXTS } from '../count-texts';
import type { Prompt } from '../lib/count-session';
import { NumberPad } from './number-pad';

/**
 * A Dutchie package scanned in "Scan, then enter quantity": the package, its room and expected units, confirmed as
 * expected in one tap, or counted by hand on the number pad. A blind count shows no expected units: the pad at once.
 */
export function PackageDialog({
  prompt,
  isBlind,
  onAnswer,
  onCancel,
}: {
  prompt: Prompt;
  isBlind: boolean;
  onAnswer: (quantity: number | null) => void;
  onCancel: () => void;
}) {
  const [isCounting, setIsCounting] = useState(isBlind);
  const pkg = prompt.package;
  return (
    <Dialog
      isOpen
      onOpenChange={(o) => !o && onCancel()}
      title={isCounting ? COUNT_TEXTS.enterQuantity : COUNT_TEXTS.packageTitle}
    >
      <div className="mb-4 flex gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-800/60">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700 dark:bg-brand-500/20 dark:text-brand-300">
          <Package className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 font-medium text-slate-900 dark:text-slate-100">{prompt.title}</p>
          <p className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">{prompt.detail}</p>
          {pkg && (
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500 dark:text-slate-400">
                  {pkg.room?.includes(',') ? 'Rooms' : 'Room'}
                </dt>
                <dd className="break-words text-slate-900 dark:text-slate-100">{pkg.room ?? '—'}</dd>
              </div>
              {!isBlind && (
                <div className="text-right">
                  <dt className="text-xs text-slate-500 dark:text-slate-400">Expected</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">
                    {formatCount(pkg.expected)}
                  </dd>
                </div>
              )}
            </dl>
          )}
        </div>
      </div>
      {isCounting ? (
        <NumberPad onSubmit={onAnswer} onCancel={onCancel} />
      ) : (
        <div className="space-y-2">
          <Button size="lg" className="w-full" onClick={() => onAnswer(null)} autoFocus>
            <Check className="size-5" aria-hidden />
            {COUNT_TEXTS.confirmExpected(Math.max(pkg?.expected ?? 0, 1))}
          </Button>
          <Button variant="secondary" size="lg" className="w-full" onClick={() => setIsCounting(true)}>
            <Calculator className="size-5" aria-hidden />
            {COUNT_TEXTS.countByHand}
          </Button>
          <Button variant="ghost" size="lg" className="w-full" onClick={onCancel}>
            {COUNT_TEXTS.cancel}
          </Button>
        </div>
      )}
    </Dialog>
  );
}

import { Delete } from 'lucide-react';
import { type ButtonHTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { COUNT_TEXTS } from '../count-texts';

/** The reader protocol's largest quantity for one scan. */
export const QUANTITY_MAX = 100_000;
/** Keys closer together than this are a machine typing (a scanner), not a thumb. */
const SCANNER_KEY_MS = 30;
const SCANNER_BURST = 4;

function PadKey({ className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...rest}
      className={cn(
        'flex h-16 items-center justify-center rounded-xl text-2xl font-semibold tabular-nums transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-40',
        className,
      )}
    />
  );
}

const DIGIT_KEY =
  'bg-slate-100 text-slate-900 hover:bg-slate-200 active:bg-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

/**
 * A phone-sized number pad: big keys (64 px) for a thumb, and the keyboard's digits, Backspace and Enter too (a
 * handheld with keys, a laptop). OK takes 1 to 100,000; a digit that would go past it is not taken.
 */
export function NumberPad({
  onSubmit,
  onCancel,
  submitLabel = COUNT_TEXTS.ok,
}: {
  onSubmit: (quantity: number) => void;
  onCancel: () => void;
  submitLabel?: string;
}) {
  const [digits, setDigits] = useState('');
  const [isScanRefused, setIsScanRefused] = useState(false);
  const display = useRef<HTMLOutputElement>(null);
  const value = Number(digits || '0');
  const canSubmit = value >= 1;

  const press = (d: string) =>
    setDigits((cur) => {
      const next = (cur + d).replace(/^0+/, '');
      return Number(next || '0') > QUANTITY_MAX ? cur : next;
    });
  const back = () => setDigits((cur) => cur.slice(0, -1));
  const submit = () => canSubmit && onSubmit(value);

  // Keys work wherever the focus is in the dialog; Enter on a focused button is that button's. A scanner typing the
  // next barcode into the pad (keys a few milliseconds apart) must not become a quantity: its Enter clears the pad.
  const keys = useRef({ press, back, submit });
  keys.current = { press, back, submit };
  useEffect(() => {
    display.current?.focus();
    let lastAt = 0;
    let burst = 0;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      burst = e.timeStamp - lastAt < SCANNER_KEY_MS ? burst + 1 : 0;
      lastAt = e.timeStamp;
      if ((e.key === 'Enter' || e.key === 'Tab') && burst >= SCANNER_BURST) {
        // The scan ends at its Enter: the keys after it start afresh (a quantity typed at once is not part of it).
        burst = 0;
        setDigits('');
        setIsScanRefused(true);
      } else if (/^[0-9]$/.test(e.key)) {
        setIsScanRefused(false);
        keys.current.press(e.key);
      } else if (e.key === 'Backspace') keys.current.back();
      else if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement)) keys.current.submit();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="space-y-3">
      <output
        ref={display}
        tabIndex={-1}
        aria-live="polite"
        aria-label={COUNT_TEXTS.quantityLabel}
        data-testid="pad-value"
        className={cn(
          'block rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-right text-5xl font-semibold tracking-tight tabular-nums focus:outline-none dark:border-slate-700 dark:bg-slate-800/60',
          canSubmit ? 'text-slate-900 dark:text-slate-100' : 'text-slate-400 dark:text-slate-500',
        )}
      >
        {formatCount(value)}
      </output>
      {isScanRefused ? (
        <p className="text-sm text-amber-700 dark:text-amber-300" role="alert">
          {COUNT_TEXTS.padScanned}
        </p>
      ) : (
        <p className="text-right text-xs text-slate-500 dark:text-slate-400">{COUNT_TEXTS.quantityMax}</p>
      )}
      <div className="grid grid-cols-3 gap-2">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => (
          <PadKey key={d} className={DIGIT_KEY} onClick={() => press(d)}>
            {d}
          </PadKey>
        ))}
        <PadKey
          className={cn(DIGIT_KEY, 'text-slate-600 dark:text-slate-300')}
          aria-label={COUNT_TEXTS.backspace}
          onClick={back}
          disabled={digits === ''}
        >
          <Delete className="size-7" aria-hidden />
        </PadKey>
        <PadKey className={DIGIT_KEY} onClick={() => press('0')}>
          0
        </PadKey>
        <PadKey
          className="bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:bg-brand-600/60"
          onClick={submit}
          disabled={!canSubmit}
        >
          {submitLabel}
        </PadKey>
      </div>
      <Button variant="secondary" size="lg" className="w-full" onClick={onCancel}>
        {COUNT_TEXTS.cancel}
      </Button>
    </div>
  );
}

/** What a quantity is for: the product (or 'Unknown code') and what was scanned. Spans: it sits in a <p>. */
export function ScanSummary({ title, detail, extra }: { title: string; detail: string; extra?: ReactNode }) {
  return (
    <span className="block min-w-0">
      <span className="block truncate font-medium text-slate-900 dark:text-slate-100">{title}</span>
      <span className="block truncate font-mono text-xs text-slate-500 dark:text-slate-400">{detail}</span>
      {extra}
    </span>
  );
}

/** The number pad in a dialog, titled 'Enter quantity', for one scan or one row of the live list. */
export function QuantityDialog({
  isOpen,
  title,
  detail,
  onSubmit,
  onCancel,
}: {
  isOpen: boolean;
  title: string;
  detail: string;
  onSubmit: (quantity: number) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(o) => !o && onCancel()}
      title={COUNT_TEXTS.enterQuantity}
      description={<ScanSummary title={title} detail={detail} />}
    >
      <NumberPad onSubmit={onSubmit} onCancel={onCancel} />
    </Dialog>
  );
}

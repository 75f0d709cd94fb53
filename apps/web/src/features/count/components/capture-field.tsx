import { parseWedgeInput, type TWedgeRead } from '@quantics/contracts';
import { ScanLine } from 'lucide-react';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { COUNT_TEXTS } from '../count-texts';

/** Focus went somewhere a person chose (a button, another field): leave it there. */
const isInteractive = (el: Element | null) =>
  el instanceof HTMLElement && el.matches('button, a, input, select, textarea, summary, [tabindex]');

export type CaptureHandle = { finishPending: () => void; focus: () => void };

/**
 * The field a keyboard-wedge reader (RFID or barcode) types into. No on-screen keyboard (inputmode none); it keeps
 * the focus; Enter and Tab are separators, not form actions. What arrives is split into reads as it comes
 * (parseWedgeInput): EPCs at once, so a reader typing tags with no separator at all is counted as it types; a
 * barcode (a UPC, a GS1 string, a Digital Link URL, a SKU) only at its Enter or Tab, so a long one typed key by key is
 * never cut. What is still being typed stays in the field.
 */
export const CaptureField = forwardRef<
  CaptureHandle,
  { prefix: string; onRead: (reads: TWedgeRead[], ignored: string[]) => void }
>(function CaptureField({ prefix, onRead }, ref) {
  const input = useRef<HTMLInputElement>(null);
  const [hasFocus, setHasFocus] = useState(false);

  const take = (text: string, isFinal: boolean) => {
    const el = input.current;
    if (!el) return;
    const parsed = parseWedgeInput(text, { prefix, isFinal });
    if (el.value !== parsed.rest) el.value = parsed.rest;
    if (parsed.reads.length > 0 || parsed.ignored.length > 0) onRead(parsed.reads, parsed.ignored);
  };

  useImperativeHandle(ref, () => ({
    finishPending: () => take(input.current?.value ?? '', true),
    focus: () => input.current?.focus(),
  }));

  useEffect(() => {
    input.current?.focus();
    // The phone wakes or the tab comes back: the reader's keystrokes must land here again.
    const refocus = () => {
      if (document.visibilityState === 'visible' && !isInteractive(document.activeElement))
        input.current?.focus();
    };
    document.addEventListener('visibilitychange', refocus);
    window.addEventListener('focus', refocus);
    return () => {
      document.removeEventListener('visibilitychange', refocus);
      window.removeEventListener('focus', refocus);
    };
  }, []);

  return (
    <label
      className={cn(
        'flex cursor-text items-center gap-3 rounded-xl border-2 border-dashed p-4 transition-colors',
        hasFocus
          ? 'border-brand-400 bg-brand-50/60 dark:border-brand-500/60 dark:bg-brand-500/10'
          : 'border-amber-300 bg-amber-50 dark:border-amber-500/40 dark:bg-amber-500/10',
      )}
    >
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-lg',
          hasFocus
            ? 'bg-brand-600 text-white'
            : 'bg-amber-100 text-amber-700 dark:bg-amber-500/20 dark:text-amber-300',
        )}
      >
        <ScanLine className={cn('size-5', hasFocus && 'animate-pulse')} aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-slate-900 dark:text-slate-100">
          {hasFocus ? 'Ready: pull the trigger to read tags' : 'Tap here to read tags'}
        </span>
        <input
          ref={input}
          aria-label={COUNT_TEXTS.captureLabel}
          inputMode="none"
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="next"
          className="mt-1 block w-full truncate border-0 bg-transparent p-0 font-mono text-xs text-slate-500 focus:ring-0 focus:outline-none dark:text-slate-400"
          placeholder="Reads appear in the list below"
          onFocus={() => setHasFocus(true)}
          onBlur={(e) => {
            setHasFocus(false);
            // Clicked on nothing in particular: the reader's next keystrokes must still land here.
            if (!isInteractive(e.relatedTarget as Element | null))
              queueMicrotask(() => input.current?.focus());
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' && e.key !== 'Tab') return;
            e.preventDefault();
            take(`${e.currentTarget.value}\n`, false);
          }}
          onInput={(e) => {
            const value = e.currentTarget.value;
            // Wait for a separator, unless a run of hex digits already holds whole EPCs (no separator configured). A
            // barcode stays whole in the field until its Enter or Tab, whatever its length (parseWedgeInput).
            if (/[\s,;]/.test(value) || value.length >= 24) take(value, false);
          }}
        />
      </span>
    </label>
  );
});

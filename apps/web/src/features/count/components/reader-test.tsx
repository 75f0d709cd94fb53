import { identifyCode, parseWedgeInput } from '@quantics/contracts';
import { Eraser } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCount } from '@/lib/format';
import { COUNT_TEXTS } from '../count-texts';

type Key = { id: number; shown: string; kind: 'char' | 'separator' | 'other' };

const NAMED: Record<string, string> = { Enter: '⏎ Enter', Tab: '⇥ Tab', ' ': '␣ Space' };

/**
 * A field that shows what the reader typed, key by key (Enter and Tab as keys, not as actions), and what the Count
 * screen makes of it: a missing Enter, a prefix or an extra character shows at once.
 */
export function ReaderTest({ prefix }: { prefix: string }) {
  const [keys, setKeys] = useState<Key[]>([]);
  const [text, setText] = useState('');
  const id = useId();
  const parsed = parseWedgeInput(text, { prefix, isFinal: true });
  const clear = () => {
    setKeys([]);
    setText('');
  };

  return (
    <Card className="p-4 sm:p-5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        {COUNT_TEXTS.testLabel}
      </label>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        Tap the field, then read one tag. Each key the reader sends is shown below.
      </p>
      <div className="mt-3 flex gap-2">
        <input
          id={id}
          inputMode="none"
          autoComplete="off"
          spellCheck={false}
          readOnly
          value=""
          placeholder="Tap here, then pull the trigger"
          className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-focus focus:ring-1 focus:ring-focus focus:outline-none dark:border-slate-700 dark:bg-slate-900"
          onKeyDown={(e) => {
            if (e.key === 'Shift' || e.key === 'Control' || e.key === 'Alt' || e.key === 'Meta') return;
            e.preventDefault();
            const isChar = e.key.length === 1 && e.key !== ' ';
            const isSeparator = e.key === 'Enter' || e.key === 'Tab' || e.key === ' ';
            setKeys((k) => [
              ...k.slice(-199),
              {
                id: (k.at(-1)?.id ?? 0) + 1,
                shown: NAMED[e.key] ?? e.key,
                kind: isChar ? 'char' : isSeparator ? 'separator' : 'other',
              },
            ]);
            if (isChar) setText((t) => t + e.key);
            else if (isSeparator) setText((t) => `${t}\n`);
          }}
        />
        <Button variant="secondary" onClick={clear} aria-label="Clear the test">
          <Eraser className="size-4" aria-hidden />
        </Button>
      </div>
      <div
        role="log"
        aria-label="Keys received"
        className="mt-3 flex min-h-12 flex-wrap gap-1 rounded-lg bg-slate-50 p-2 font-mono text-xs dark:bg-slate-800/60"
      >
        {keys.length === 0 ? (
          <span className="self-center px-1 text-slate-400">Nothing received yet.</span>
        ) : (
          keys.map((k) => (
            <span
              key={k.id}
              className={
                k.kind === 'char'
                  ? 'rounded bg-white px-1 py-0.5 text-slate-800 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700'
                  : k.kind === 'separator'
                    ? 'rounded bg-brand-100 px-1.5 py-0.5 font-sans font-medium text-brand-800 dark:bg-brand-500/20 dark:text-brand-200'
                    : 'rounded bg-amber-100 px-1.5 py-0.5 font-sans text-amber-800 dark:bg-amber-500/20 dark:text-amber-200'
              }
            >
              {k.shown}
            </span>
          ))
        )}
      </div>
      {keys.length > 0 && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="reader-test-result">
          {formatCount(keys.length)} keys: {formatCount(parsed.epcs.length)} EPC
          {parsed.epcs.length === 1 ? '' : 's'}
          {parsed.epcs.length > 0 && <span className="font-mono"> ({parsed.epcs.join(', ')})</span>}
          {parsed.codes.length > 0 && (
            <span>
              , barcode{parsed.codes.length === 1 ? '' : 's'}:{' '}
              <span className="font-mono">
                {parsed.codes
                  .map((c) => `“${c.replaceAll('\u001d', ' ')}” (${identifyCode(c).format})`)
                  .join(', ')}
              </span>
            </span>
          )}
          {parsed.ignored.length > 0 && (
            <span className="text-amber-700 dark:text-amber-300">
              , ignored: {parsed.ignored.map((i) => `“${i}”`).join(', ')}
            </span>
          )}
          {!keys.some((k) => k.kind === 'separator') && parsed.epcs.length > 0 && (
            <span className="text-slate-500">
              {' '}
              (no Enter or Tab after it: fine, tags split every 24 digits)
            </span>
          )}
        </p>
      )}
    </Card>
  );
}

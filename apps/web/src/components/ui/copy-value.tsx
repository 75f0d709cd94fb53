import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button';

/** A secret shown once (a signing secret, an API key) in a box of its own, with a button that copies it. */
export function CopyValue({ value, testId }: { value: string; testId?: string }) {
  const [isCopied, setIsCopied] = useState(false);
  return (
    <div className="mt-4 flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center dark:border-slate-700 dark:bg-slate-800">
      <code
        className="min-w-0 flex-1 break-all font-mono text-sm text-slate-900 dark:text-slate-100"
        data-testid={testId}
      >
        {value}
      </code>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-center"
        onClick={async () => {
          await navigator.clipboard?.writeText(value).catch(() => {});
          setIsCopied(true);
        }}
      >
        {isCopied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
        {isCopied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}

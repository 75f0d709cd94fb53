import { Check, Copy, Download, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '@/app/auth-provider';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/lib/toast';
import { SETTINGS_TEXTS } from '../settings-texts';

/** The backup codes, shown this once: copy them or download them as a text file. */
export function BackupCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { user } = useAuth();
  const [isCopied, setIsCopied] = useState(false);
  const list = codes ?? [];
  const asText = () =>
    [
      `Quantics backup codes${user ? ` for ${user.email}` : ''}`,
      `Generated ${new Date().toLocaleString()}`,
      '',
      'Each code signs you in once when you cannot use your authenticator app.',
      '',
      ...list.map((code, i) => `${String(i + 1).padStart(2, ' ')}. ${code}`),
      '',
    ].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(list.join('\n'));
      setIsCopied(true);
      notify.success(SETTINGS_TEXTS.codesCopied);
    } catch {
      notify.error(SETTINGS_TEXTS.copyFailed);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([asText()], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'quantics-backup-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Dialog
      isOpen={codes !== null}
      onOpenChange={(isOpen) => {
        if (isOpen) return;
        setIsCopied(false);
        onClose();
      }}
      title="Save your backup codes"
      description="If you lose your phone, each of these codes signs you in once instead of an authenticator code."
      size="lg"
    >
      <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>This is the only time they are shown. Keep them somewhere safe, like a password manager.</p>
      </div>
      <ul
        className="mt-4 grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-800/60"
        aria-label="Backup codes"
      >
        {list.map((code) => (
          <li
            key={code}
            className="rounded-md bg-white px-3 py-2 text-center font-mono text-sm font-semibold tracking-widest text-slate-900 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
            data-testid="backup-code"
          >
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <div className="flex gap-2">
          <Button variant="secondary" className="flex-1 whitespace-nowrap" onClick={copy}>
            {isCopied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {isCopied ? 'Copied' : 'Copy codes'}
          </Button>
          <Button variant="secondary" className="flex-1 whitespace-nowrap" onClick={download}>
            <Download className="size-4" aria-hidden />
            Download .txt
          </Button>
        </div>
        <Button
          onClick={() => {
            setIsCopied(false);
            onClose();
          }}
        >
          I&apos;ve saved them
        </Button>
      </div>
    </Dialog>
  );
}

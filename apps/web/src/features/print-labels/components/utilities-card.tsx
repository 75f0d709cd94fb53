import type { TPrintAgent } from '@quantics/contracts';
import { Laptop, LogOut } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { usePrintAgents, useRevokePrintAgent } from '../api/print-agents';

const seen = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString(undefined, {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    : 'never';

/** The computers whose print utility is signed in as you; sign one out here when a computer is lost or retired. */
export function UtilitiesCard() {
  const agents = usePrintAgents();
  const revoke = useRevokePrintAgent();
  const [signingOut, setSigningOut] = useState<TPrintAgent | null>(null);
  const rows = agents.data ?? [];
  if (rows.length === 0) return null;
  const confirm = async () => {
    if (!signingOut) return;
    try {
      await revoke.mutateAsync(signingOut.id);
      notify.success(`${signingOut.name} is signed out`);
      setSigningOut(null);
    } catch (err) {
      notify.error(errorMessage(err, 'Failed to sign out the print utility'));
    }
  };
  return (
    <Card className="overflow-hidden">
      <div className="border-b border-slate-200 p-4 dark:border-slate-800">
        <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Your print utilities</h2>
        <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
          Computers where the utility is signed in as you.
        </p>
      </div>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((a) => (
          <li key={a.id} className="flex items-center gap-3 px-4 py-3">
            <Laptop className="size-5 shrink-0 text-slate-400" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">{a.name}</p>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                {[a.hostname, a.version && `utility ${a.version}`, `last seen ${seen(a.last_seen)}`]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <Badge tone={a.connected ? 'green' : 'slate'} hasDot>
              {a.connected ? 'Online' : 'Offline'}
            </Badge>
            <Button
              variant="danger-ghost"
              size="sm"
              onClick={() => setSigningOut(a)}
              aria-label={`Sign out ${a.name}`}
            >
              <LogOut className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        isOpen={signingOut !== null}
        onOpenChange={(open) => !open && setSigningOut(null)}
        title="Sign out this print utility?"
        description={
          signingOut &&
          `${signingOut.name} will stop printing for you at once. To use it again, run its login command on that computer.`
        }
        confirmLabel="Sign out"
        onConfirm={confirm}
        isPending={revoke.isPending}
      />
    </Card>
  );
}

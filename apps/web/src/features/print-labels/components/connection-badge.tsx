import type { TPrintStatus } from '@quantics/contracts';
import { PlugZap, Unplug } from 'lucide-react';
import { cn } from '@/lib/cn';
import { PRINT_TEXTS } from '../print-texts';

/** 'Print Utility Connected' or 'Print Utility Disconnected', from the 5-second status. */
export function ConnectionBadge({ status }: { status: TPrintStatus | undefined }) {
  const isConnected = Boolean(status?.connected);
  const Icon = isConnected ? PlugZap : Unplug;
  const agent = status?.agents[0];
  return (
    <div
      role="status"
      className={cn(
        'inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium ring-1 ring-inset',
        isConnected
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300'
          : 'bg-slate-100 text-slate-600 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-400',
      )}
      title={agent ? `${agent.name}${agent.version ? ` · utility ${agent.version}` : ''}` : undefined}
    >
      <span className="relative flex size-2">
        {isConnected && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />
        )}
        <span
          className={cn(
            'relative inline-flex size-2 rounded-full',
            isConnected ? 'bg-emerald-500' : 'bg-slate-400',
          )}
        />
      </span>
      <Icon className="size-4" aria-hidden />
      {isConnected ? PRINT_TEXTS.connected : PRINT_TEXTS.disconnected}
    </div>
  );
}

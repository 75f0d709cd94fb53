import type { TDutchieSync } from '@quantics/contracts';
import { CircleAlert, KeyRound, Store } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'As of Mar 4, 2026, 10:42 AM · Greenleaf Wellness': when the snapshot was taken and which store it is. */
export function SyncLine({ sync }: { sync: TDutchieSync | undefined }) {
  if (!sync?.as_of) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="sync-line">
      <span className="inline-flex items-center gap-1">
        <span
          className={cn(
            'size-2 rounded-full',
            sync.state === 'ok' && !sync.is_stale ? 'bg-emerald-500' : 'bg-amber-500',
          )}
          aria-hidden
        />
        As of {timeFormat.format(new Date(sync.as_of))}
      </span>
      {sync.location_name && (
        <span className="inline-flex items-center gap-1">
          <Store className="size-3.5" aria-hidden />
          {sync.location_name}
        </span>
      )}
    </span>
  );
}

const isKeyProblem = (state: TDutchieSync['state']) => state === 'key_refused' || state === 'forbidden';

/**
 * Said plainly when the last refresh failed: how old the snapshot shown is, or that Dutchie refused the key and
 * an admin can replace it (admins get the way there).
 */
export function SyncAlert({
  message,
  state,
  isAdmin,
}: {
  message: string;
  state: TDutchieSync['state'];
  isAdmin: boolean;
}) {
  const isKey = isKeyProblem(state);
  const Icon = isKey ? KeyRound : CircleAlert;
  return (
    <div
      role="alert"
      className={cn(
        'mb-4 flex items-start gap-3 rounded-xl border px-4 py-3 text-sm',
        isKey
          ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200'
          : 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="flex-1">{message}</p>
      {isKey && isAdmin && (
        <Link to="/settings" className="shrink-0 font-medium underline underline-offset-2 hover:no-underline">
          Replace key
        </Link>
      )}
    </div>
  );
}

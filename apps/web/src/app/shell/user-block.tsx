import { ROLE_LABELS, type TUser } from '@quantics/contracts';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';

/** Initial, name or email, company and role; links to the user's own settings. */
export function UserBlock({
  user,
  onSignOut,
  onNavigate,
}: {
  user: TUser;
  onSignOut: () => void;
  onNavigate?: () => void;
}) {
  const display = user.name || user.email;
  return (
    <div className="flex items-center gap-3 border-t border-slate-200 p-4 dark:border-slate-800">
      <Link
        to="/settings"
        onClick={onNavigate}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
        title="Your account settings"
      >
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white uppercase"
          aria-hidden
        >
          {display.charAt(0)}
        </span>
        <span className="min-w-0">
          <span
            className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100"
            data-testid="user-display"
          >
            {display}
          </span>
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
            {user.company} · {ROLE_LABELS[user.role]}
          </span>
        </span>
      </Link>
      <button
        type="button"
        onClick={onSignOut}
        className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
        aria-label="Log out"
        title="Log out"
      >
        <LogOut className="size-5" aria-hidden />
      </button>
    </div>
  );
}

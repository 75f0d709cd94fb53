import type { TTeamMember } from '@quantics/contracts';
import { Mail } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatDate, formatTimeAgo } from '@/lib/format';

/** Initial (or an envelope for invitations), the name or 'Unnamed', and a 'You' tag on one's own row. */
export function MemberIdentity({ row, isSelf }: { row: TTeamMember; isSelf: boolean }) {
  const isInvitation = row.kind === 'invitation';
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold uppercase',
          isInvitation
            ? 'bg-amber-50 text-amber-600 dark:bg-amber-500/10 dark:text-amber-400'
            : 'bg-brand-100 text-brand-700 dark:text-brand-300 dark:bg-brand-500/20',
        )}
        aria-hidden
      >
        {isInvitation ? <Mail className="size-4" /> : (row.name || row.email).charAt(0)}
      </span>
      <span className="min-w-0">
        <span className="flex items-center gap-2">
          <span
            className={cn(
              'truncate font-medium',
              row.name ? 'text-slate-900 dark:text-slate-100' : 'text-slate-500 italic dark:text-slate-400',
            )}
          >
            {row.name || 'Unnamed'}
          </span>
          {isSelf && <Badge tone="brand">You</Badge>}
        </span>
        {isInvitation && <span className="block text-xs text-slate-500 dark:text-slate-400">Invitation</span>}
      </span>
    </div>
  );
}

/** Members: the day they joined. Invitations: when sent, and when the link expires (or expired). */
export function JoinedCell({ row }: { row: TTeamMember }) {
  if (row.kind === 'member') return <span>{formatDate(row.created_at)}</span>;
  const isExpired = row.expires_at !== null && Date.parse(row.expires_at) <= Date.now();
  return (
    <span>
      <span className="block">Invited {formatDate(row.created_at)}</span>
      {row.expires_at && (
        <span
          className={cn(
            'block text-xs',
            isExpired ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400',
          )}
        >
          {isExpired ? 'Expired' : 'Expires'} {formatDate(row.expires_at)}
        </span>
      )}
    </span>
  );
}

/** Members: whether they sign in with two-factor, and when they were last active (approximate). */
export function SecurityCell({ row }: { row: TTeamMember }) {
  if (row.kind !== 'member') return <span className="text-slate-400">—</span>;
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={row.two_factor_enabled ? 'green' : 'amber'} hasDot>
        {row.two_factor_enabled ? '2FA on' : 'No 2FA'}
      </Badge>
      <span className="text-xs text-slate-500 dark:text-slate-400" data-testid="last-active">
        {row.last_active_at ? `Active ${formatTimeAgo(row.last_active_at)}` : 'Not signed in yet'}
      </span>
    </span>
  );
}

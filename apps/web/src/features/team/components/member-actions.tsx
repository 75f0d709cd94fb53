import type { TTeamMember } from '@quantics/contracts';
import { LogOut, Pencil, Send, Trash2, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type MemberHandlers = {
  onEditRole: (member: TTeamMember) => void;
  onRemove: (member: TTeamMember) => void;
  /** Sign the member out everywhere in this company (a lost phone), keeping them in the team. */
  onSignOut: (member: TTeamMember) => void;
  onResend: (invitation: TTeamMember) => void;
  onRevoke: (invitation: TTeamMember) => void;
  /** The invitation whose resend is in flight. */
  resendingId: number | null;
};

/**
 * Admin controls for one row. People: edit role and remove, never on one's own row. Invitations: resend
 * (new link, new 7 days, new email) and revoke.
 */
export function MemberActions({
  row,
  isSelf,
  handlers,
}: {
  row: TTeamMember;
  isSelf: boolean;
  handlers: MemberHandlers;
}) {
  const who = row.name || row.email;
  if (row.kind === 'invitation') {
    return (
      <div className="flex gap-1 whitespace-nowrap">
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          onClick={() => handlers.onResend(row)}
          isLoading={handlers.resendingId === row.id}
          aria-label={`Resend invitation to ${row.email}`}
        >
          {handlers.resendingId !== row.id && <Send className="size-4" aria-hidden />}
          Resend
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="px-2 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
          onClick={() => handlers.onRevoke(row)}
          aria-label={`Revoke invitation to ${row.email}`}
        >
          <XCircle className="size-4" aria-hidden />
          Revoke
        </Button>
      </div>
    );
  }
  if (isSelf) return <span className="px-3 text-xs text-slate-400">Your account</span>;
  return (
    <div className="flex gap-1 whitespace-nowrap">
      <Button
        variant="ghost"
        size="sm"
        className="px-2"
        onClick={() => handlers.onEditRole(row)}
        aria-label={`Edit role of ${who}`}
      >
        <Pencil className="size-4" aria-hidden />
        Edit role
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="px-2"
        onClick={() => handlers.onSignOut(row)}
        aria-label={`Sign ${who} out everywhere`}
        title="Sign out everywhere"
      >
        <LogOut className="size-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="px-2 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
        onClick={() => handlers.onRemove(row)}
        aria-label={`Remove ${who}`}
      >
        <Trash2 className="size-4" aria-hidden />
        Remove
      </Button>
    </div>
  );
}

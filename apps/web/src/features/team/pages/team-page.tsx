import type { TTeamMember } from '@quantics/contracts';
import { Clock, RefreshCw, UserCheck, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '@/app/auth-provider';
import { useCan } from '@/app/use-can';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { HelpToggle, useHelp } from '@/components/ui/help-panel';
import { Spinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { notify } from '@/lib/toast';
import { useToastOnError } from '@/lib/use-toast-on-error';
import { useRemoveMember } from '../api/remove-member';
import { useResendInvite } from '../api/resend-invite';
import { useRevokeInvite } from '../api/revoke-invite';
import { useSignOutMember } from '../api/sign-out-member';
import { useTeamMembers } from '../api/team-members';
import { EditRoleDialog } from '../components/edit-role-dialog';
import { InviteMemberDialog } from '../components/invite-member-dialog';
import { MembersList } from '../components/members-list';
import { TeamHelp } from '../components/team-help';
import { TEAM_TEXTS } from '../team-texts';

export function TeamPage() {
  usePageTitle('Team');
  const { user } = useAuth();
  const isAdmin = useCan('admin');
  const help = useHelp();
  const members = useTeamMembers();
  useToastOnError(members.error, TEAM_TEXTS.loadFailed);
  const remove = useRemoveMember();
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  const [editing, setEditing] = useState<TTeamMember | null>(null);
  const [removing, setRemoving] = useState<TTeamMember | null>(null);
  const [revoking, setRevoking] = useState<TTeamMember | null>(null);
  const [signingOut, setSigningOut] = useState<TTeamMember | null>(null);
  const signOut = useSignOutMember();
  if (!user) return null;
  const rows = members.data ?? [];

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      notify.success(`${removing.name || removing.email} was removed from the team`);
      setRemoving(null);
    } catch (err) {
      notify.error(errorMessage(err, TEAM_TEXTS.removeFailed));
    }
  };
  const confirmSignOut = async () => {
    if (!signingOut) return;
    try {
      await signOut.mutateAsync(signingOut.id);
      notify.success(`${signingOut.name || signingOut.email} was signed out everywhere`);
      setSigningOut(null);
    } catch (err) {
      notify.error(errorMessage(err, TEAM_TEXTS.signOutFailed));
    }
  };
  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      notify.success(`Invitation to ${revoking.email} revoked`);
      setRevoking(null);
    } catch (err) {
      notify.error(errorMessage(err, TEAM_TEXTS.revokeFailed));
    }
  };
  const onResend = async (row: TTeamMember) => {
    try {
      await resend.mutateAsync(row.id);
      notify.success(`Invitation resent to ${row.email}`);
    } catch (err) {
      notify.error(errorMessage(err, TEAM_TEXTS.resendFailed));
    }
  };

  return (
    <>
      <PageHeader
        title="Team Management"
        description={`The people of ${user.company} and what each of them can do.`}
        actions={
          <>
            <HelpToggle help={help} />
            {isAdmin && (
              <Button onClick={() => setIsInviteOpen(true)}>
                <UserPlus className="size-4" aria-hidden />
                Invite Member
              </Button>
            )}
          </>
        }
      />
      <TeamHelp help={help} />

      <div className="mb-6 grid grid-cols-3 gap-3 sm:gap-4">
        <StatCard icon={Users} label="Total Members" value={members.data && rows.length} />
        <StatCard
          icon={UserCheck}
          tone="green"
          label="Active"
          value={members.data && rows.filter((r) => r.status === 'active').length}
        />
        <StatCard
          icon={Clock}
          tone="amber"
          label="Pending"
          value={members.data && rows.filter((r) => r.status === 'pending').length}
        />
      </div>

      <Card className="overflow-hidden">
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">Members</h2>
          {members.data && (
            <span className="text-sm text-slate-500 dark:text-slate-400">
              {formatCount(rows.length)} {rows.length === 1 ? 'person' : 'people'}
            </span>
          )}
        </div>
        {members.isPending ? (
          <Spinner label="Loading team members" />
        ) : members.isError ? (
          <EmptyState
            icon={RefreshCw}
            title={TEAM_TEXTS.loadFailed}
            action={
              <Button variant="secondary" onClick={() => members.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(members.error, 'Check your connection and try again.')}
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState icon={Users} title="No team members yet">
            Invite the people who count and audit stock with you.
          </EmptyState>
        ) : (
          <MembersList
            rows={rows}
            currentUserId={user.id}
            isAdmin={isAdmin}
            handlers={{
              onEditRole: setEditing,
              onRemove: setRemoving,
              onSignOut: setSigningOut,
              onResend,
              onRevoke: setRevoking,
              resendingId: resend.isPending ? (resend.variables ?? null) : null,
            }}
          />
        )}
      </Card>

      <InviteMemberDialog isOpen={isInviteOpen} onOpenChange={setIsInviteOpen} companyName={user.company} />
      <EditRoleDialog member={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove team member?"
        description={
          removing &&
          `${removing.name || removing.email} will lose access to ${user.company} and be signed out of it at once. Their account stays, and you can invite them again later.`
        }
        confirmLabel="Remove member"
        onConfirm={confirmRemove}
        isPending={remove.isPending}
      />
      <ConfirmDialog
        isOpen={signingOut !== null}
        onOpenChange={(open) => !open && setSigningOut(null)}
        title="Sign out everywhere?"
        description={
          signingOut &&
          `Every browser and print utility where ${signingOut.name || signingOut.email} is signed in to ${user.company} is signed out at once (for a lost phone or laptop). They stay in the team and can sign in again with their password.`
        }
        confirmLabel="Sign out everywhere"
        onConfirm={confirmSignOut}
        isPending={signOut.isPending}
      />
      <ConfirmDialog
        isOpen={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke invitation?"
        description={revoking && `The link sent to ${revoking.email} will stop working.`}
        confirmLabel="Revoke invitation"
        onConfirm={confirmRevoke}
        isPending={revoke.isPending}
      />
    </>
  );
}

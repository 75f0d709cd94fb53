import { ROLE_LABELS, type TRole, type TTeamMember } from '@quantics/contracts';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useUpdateMemberRole } from '../api/update-member-role';
import { TEAM_TEXTS } from '../team-texts';
import { RolePicker } from './role-picker';

/** Changes a member's role in this company; the change applies to their very next action. */
export function EditRoleDialog({
  member,
  onOpenChange,
}: {
  member: TTeamMember | null;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const update = useUpdateMemberRole();
  const [role, setRole] = useState<TRole | undefined>(member?.role);
  useEffect(() => setRole(member?.role), [member]);

  const save = async () => {
    if (!member || !role) return;
    try {
      await update.mutateAsync({ userId: member.id, role });
      notify.success(`Role updated: ${member.name || member.email} is now ${ROLE_LABELS[role]}`);
      onOpenChange(false);
    } catch (err) {
      notify.error(errorMessage(err, TEAM_TEXTS.updateRoleFailed));
    }
  };

  return (
    <Dialog
      isOpen={member !== null}
      onOpenChange={onOpenChange}
      title="Edit Member Role"
      description={member ? `${member.name || 'Unnamed'} · ${member.email}` : undefined}
    >
      <RolePicker value={role} onChange={setRole} label="New role" />
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button onClick={save} isLoading={update.isPending} disabled={!role || role === member?.role}>
          Save Role
        </Button>
      </div>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { INVITATION_TTL_DAYS, type TInviteRequest, ZInviteRequest } from '@quantics/contracts';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Field, TextField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useInviteMember } from '../api/invite-member';
import { TEAM_TEXTS } from '../team-texts';
import { RolePicker } from './role-picker';

const EMPTY: TInviteRequest = { email: '', name: '', role: 'member', message: '' };

export function InviteMemberDialog({
  isOpen,
  onOpenChange,
  companyName,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  companyName: string;
}) {
  const invite = useInviteMember();
  const form = useForm<TInviteRequest>({ resolver: zodResolver(ZInviteRequest), defaultValues: EMPTY });
  const { errors } = form.formState;
  // The spec gives one message for all three required fields: mark the fields, say it once.
  const isMissing = [errors.email, errors.name, errors.role].some(
    (e) => e?.message === TEAM_TEXTS.inviteFieldsRequired,
  );
  const own = (message: string | undefined) =>
    message === TEAM_TEXTS.inviteFieldsRequired ? undefined : message;

  const close = (open: boolean) => {
    if (!open) form.reset(EMPTY);
    onOpenChange(open);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await invite.mutateAsync(values);
      notify.success(`Invitation sent to ${created.email}`);
      close(false);
    } catch (err) {
      notify.error(errorMessage(err, TEAM_TEXTS.inviteFailed));
    }
  });

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={close}
      title="Invite Member"
      description={`We'll email them a link to join ${companyName}. It works for ${INVITATION_TTL_DAYS} days.`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          placeholder="colleague@company.com"
          error={own(errors.email?.message)}
          hasError={!!errors.email}
          {...form.register('email')}
        />
        <TextField
          label="Full name"
          autoComplete="off"
          placeholder="Jordan Smith"
          error={own(errors.name?.message)}
          hasError={!!errors.name}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <RolePicker value={field.value} onChange={field.onChange} error={own(errors.role?.message)} />
          )}
        />
        <Field label="Personal message (optional)" error={errors.message?.message}>
          {(id, describedBy) => (
            <Textarea
              id={id}
              aria-describedby={describedBy}
              rows={3}
              placeholder="Welcome aboard! You'll be running the Monday counts."
              hasError={!!errors.message}
              {...form.register('message')}
            />
          )}
        </Field>
        {isMissing && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
          >
            {TEAM_TEXTS.inviteFieldsRequired}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" isLoading={form.formState.isSubmitting}>
            Send Invitation
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

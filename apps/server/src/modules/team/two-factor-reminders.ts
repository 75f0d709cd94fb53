import { SECURITY_MESSAGES, type TTwoFactorRemindersResponse } from '@quantics/contracts';
import { queueAccountMail } from '../../jobs/mail-jobs.repo.ts';
import { conflict } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import { twoFactorReminderMail } from '../auth/account-mail.ts';
import { currentCompany } from '../companies/companies.service.ts';
import type { InvitationDeps } from './invitation.service.ts';
import * as repo from './team.repo.ts';

/**
 * An admin reminds everyone in the company without two-factor to set it up (one email each, queued as account mail
 * with the activity line). Nobody left to remind is a 409, so the admin learns the list is already empty.
 */
export async function sendTwoFactorReminders(
  deps: InvitationDeps,
  actor: AuthContext,
): Promise<TTwoFactorRemindersResponse> {
  const members = await repo.membersWithoutTwoFactor(deps.db, actor.companyId);
  if (members.length === 0) throw conflict(SECURITY_MESSAGES.noOneToRemind);
  const company = await currentCompany(deps.db, actor);
  const adminName = actor.name || actor.email;
  await deps.db.transaction(async (tx) => {
    await queueAccountMail(
      tx,
      members.map((m) =>
        twoFactorReminderMail(m.email, deps.publicUrl, company.name, adminName, company.require_two_factor),
      ),
    );
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: userPerformer(actor),
      action: 'team.two_factor_reminder',
      type: 'team',
      message: `${adminName} reminded ${members.length} member${members.length === 1 ? '' : 's'} to set up two-factor`,
      metadata: { count: members.length },
    });
  });
  return { sent: members.length, message: SECURITY_MESSAGES.remindersSent(members.length) };
}

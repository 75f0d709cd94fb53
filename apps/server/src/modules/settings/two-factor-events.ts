import type { Db } from '../../db/client.ts';
import { queueAccountMail } from '../../jobs/mail-jobs.repo.ts';
import type { AuthContext, ClientInfo } from '../../lib/request-context.ts';
import { recordSecurityEvent, userPerformer } from '../activity/activity.service.ts';
import { twoFactorDisabledMail } from '../auth/account-mail.ts';

const EVENTS = {
  enabled: { action: 'security.two_factor_enabled', says: 'turned on two-factor authentication' },
  disabled: { action: 'security.two_factor_disabled', says: 'turned off two-factor authentication' },
  regenerated: { action: 'security.backup_codes_regenerated', says: 'generated new two-factor backup codes' },
} as const;

/**
 * A change to someone's two-factor goes into the security log of every company they belong to; turning it off is
 * also emailed to them, so a change they did not make does not go unnoticed.
 */
export async function recordTwoFactorChange(
  deps: { db: Db; publicUrl: string },
  auth: AuthContext,
  client: ClientInfo,
  change: keyof typeof EVENTS,
) {
  const event = EVENTS[change];
  await deps.db.transaction(async (tx) => {
    await recordSecurityEvent(tx, {
      companyId: { allCompaniesOf: auth.userId },
      performer: userPerformer(auth),
      action: event.action,
      message: `${auth.name || auth.email} ${event.says}`,
      client,
    });
    if (change === 'disabled')
      await queueAccountMail(tx, [twoFactorDisabledMail(auth.email, deps.publicUrl)]);
  });
}

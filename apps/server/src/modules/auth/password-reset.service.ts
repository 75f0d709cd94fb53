import { PASSWORD_RESET_MESSAGES, RESET_TOKEN_TTL_MS } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { queueAccountMail } from '../../jobs/mail-jobs.repo.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { BruteForceGuard } from '../../lib/brute-force.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import type { FailureCounter } from '../../lib/failure-counter.ts';
import type { Passwords } from '../../lib/passwords.ts';
import type { ClientInfo } from '../../lib/request-context.ts';
import { recordSecurityEvent } from '../activity/activity.service.ts';
import { passwordChangedMail, resetPasswordMail } from './account-mail.ts';
import * as repo from './auth.repo.ts';

export type PasswordResetDeps = {
  db: Db;
  publicUrl: string;
  counter: FailureCounter;
  guard: BruteForceGuard;
  passwords: Passwords;
};

/** Reset emails per address per hour: enough for a lost email, too few to flood someone's inbox. */
export const RESET_MAILS_PER_HOUR = 5;

/**
 * Sends a reset link when the email has an account. The answer is the same either way, and so is the work
 * (a token made, the address counted, one statement that stores the token only if the account exists), so
 * timing tells nothing either. The mail is queued with the token (account_mail_jobs) and sent by the jobs module.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, email: string): Promise<void> {
  const token = newToken();
  const sentThisHour = await deps.counter.hit(`reset-mail:${email}`, 60 * 60 * 1000);
  if (sentThisHour > RESET_MAILS_PER_HOUR) return;
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  // The token and its e-mail commit together: the mail is a job that goes even if this process dies right after.
  await deps.db.transaction(async (tx) => {
    const userId = await repo.issueResetToken(tx, email, hashToken(token), expiresAt);
    await queueAccountMail(tx, [resetPasswordMail(email, link)], userId !== null);
  });
}

/** Sets the new password, signs the user out everywhere and tells them by email. */
export async function resetPassword(
  deps: PasswordResetDeps,
  token: string,
  password: string,
  client: ClientInfo,
): Promise<void> {
  const found = await repo.findUsableResetToken(deps.db, hashToken(token));
  if (!found) throw badRequest(PASSWORD_RESET_MESSAGES.invalidToken);
  const passwordHash = await deps.passwords.hash(password);
  const isDone = await deps.db.transaction(async (tx) => {
    if (!(await repo.markResetTokenUsed(tx, found.id))) return false;
    await repo.replacePassword(tx, found.userId, passwordHash, null);
    await recordSecurityEvent(tx, {
      companyId: { allCompaniesOf: found.userId },
      performer: { type: 'user', id: found.userId, name: found.name || found.email },
      action: 'security.password_reset',
      message: `${found.name || found.email} reset their password by email link; every session and print utility was signed out`,
      client,
    });
    await queueAccountMail(tx, [passwordChangedMail(found.email, deps.publicUrl)]);
    return true;
  });
  if (!isDone) throw badRequest(PASSWORD_RESET_MESSAGES.invalidToken);
  // Proving the mailbox lifts a lock from wrong guesses, so the owner can sign in right away.
  await deps.guard.loginSucceeded(found.email);
}

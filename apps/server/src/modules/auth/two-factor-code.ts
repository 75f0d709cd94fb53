import { parseTwoFactorCode } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { matchTotpStep } from './totp.ts';
import * as repo from './two-factor.repo.ts';

/**
 * Uses up a second factor of the user: a backup code (once) or the authenticator's code (each 30-second step once).
 * False when it is no valid code or two-factor is off. Signing in (auth.service.ts) and the Settings page's
 * two-factor changes (settings/two-factor.service.ts) both check codes with it; two-factor's state is auth's
 * (two-factor.repo.ts, totp.ts), so settings imports auth and not the other way round.
 */
export async function consumeCode(
  deps: { db: Db; box: SecretBox },
  userId: number,
  input: string,
): Promise<boolean> {
  const parsed = parseTwoFactorCode(input);
  if (!parsed) return false;
  if (parsed.kind === 'backup') return repo.consumeBackupCode(deps.db, userId, deps.box.mac(parsed.code));
  const account = await repo.findTwoFactorState(deps.db, userId);
  if (!account?.isEnabled || !account.secretEnc) return false;
  const step = matchTotpStep(deps.box.open(account.secretEnc), parsed.code);
  if (step === null) return false;
  return repo.claimTotpStep(deps.db, userId, step);
}

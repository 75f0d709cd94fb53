import {
  type TBackupCodesResponse,
  type TDisableTwoFactorRequest,
  type TTwoFactorSetupResponse,
  type TTwoFactorStatus,
  TWO_FACTOR_MESSAGES,
} from '@quantics/contracts';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { badRequest, unauthorized } from '../../lib/app-error.ts';
import type { BruteForceGuard } from '../../lib/brute-force.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { Passwords } from '../../lib/passwords.ts';
import { matchTotpStep, newTotpSecret, otpauthUri } from '../auth/totp.ts';
import * as repo from '../auth/two-factor.repo.ts';
import { consumeCode } from '../auth/two-factor-code.ts';
import { newBackupCodes } from './backup-codes.ts';

export type TwoFactorDeps = { db: Db; box: SecretBox; guard: BruteForceGuard; passwords: Passwords };

async function loadAccount(db: Db, userId: number) {
  const account = await repo.findTwoFactorState(db, userId);
  if (!account) throw unauthorized();
  return account;
}

/**
 * Checks the signed-in user's password, counting wrong ones against the user's limit. A wrong password is a
 * 400, never a 401: the web client reads any 401 as "signed out".
 */
export async function assertPassword(deps: TwoFactorDeps, userId: number, password: string, message: string) {
  await deps.guard.checkUser(userId);
  const account = await loadAccount(deps.db, userId);
  if (!(await deps.passwords.verify(account.passwordHash, password))) {
    await deps.guard.userFailed(userId);
    throw badRequest(message);
  }
  return account;
}

export async function getStatus(db: Db, userId: number): Promise<TTwoFactorStatus> {
  const account = await loadAccount(db, userId);
  return {
    enabled: account.isEnabled,
    backupCodesCount: account.isEnabled ? await repo.countUnusedBackupCodes(db, userId) : 0,
  };
}

/** A new pending secret (encrypted at rest) and its QR code; the active secret changes only once a code proves it. */
export async function startSetup(deps: TwoFactorDeps, userId: number): Promise<TTwoFactorSetupResponse> {
  const account = await loadAccount(deps.db, userId);
  if (account.isEnabled) throw badRequest(TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = newTotpSecret();
  await repo.setPendingSecret(deps.db, userId, deps.box.seal(secret));
  const qrCode = await QRCode.toDataURL(otpauthUri(account.email, secret), { margin: 1, width: 240 });
  return { qrCode, manualEntryKey: secret };
}

/** The first code from the app turns two-factor on and yields the backup codes, shown this once. */
export async function enable(
  deps: TwoFactorDeps,
  userId: number,
  code: string,
): Promise<TBackupCodesResponse> {
  await deps.guard.checkUser(userId);
  const account = await loadAccount(deps.db, userId);
  if (account.isEnabled) throw badRequest(TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!account.pendingSecretEnc) throw badRequest(TWO_FACTOR_MESSAGES.setupFirst);
  const step = matchTotpStep(deps.box.open(account.pendingSecretEnc), code);
  if (step === null) {
    await deps.guard.userFailed(userId);
    throw badRequest(TWO_FACTOR_MESSAGES.invalidVerificationCode);
  }
  const backupCodes = newBackupCodes();
  const pendingSecretEnc = account.pendingSecretEnc;
  const isActivated = await deps.db.transaction(async (tx) => {
    if (!(await repo.activatePendingSecret(tx, userId, pendingSecretEnc, step))) return false;
    await repo.replaceBackupCodes(
      tx,
      userId,
      backupCodes.map((c) => deps.box.mac(c)),
    );
    return true;
  });
  // Another tab started a new setup (or finished this one) in between.
  if (!isActivated) throw badRequest(TWO_FACTOR_MESSAGES.setupFirst);
  await deps.guard.userSucceeded(userId);
  return { backupCodes };
}

/**
 * Accepts an authenticator code (never the same time step twice) or an unused backup code (case-insensitive),
 * and uses it up. False for anything else. Callers count the failures.
 */
/** Password required; a code, when given, must be valid too. */
export async function disable(deps: TwoFactorDeps, userId: number, input: TDisableTwoFactorRequest) {
  const account = await assertPassword(deps, userId, input.password, TWO_FACTOR_MESSAGES.incorrectPassword);
  if (!account.isEnabled) throw badRequest(TWO_FACTOR_MESSAGES.notEnabled);
  if (input.code && !(await consumeCode(deps, userId, input.code))) {
    await deps.guard.userFailed(userId);
    throw badRequest(TWO_FACTOR_MESSAGES.invalidVerificationCode);
  }
  await repo.disableTwoFactor(deps.db, userId);
  await deps.guard.userSucceeded(userId);
}

export async function regenerateBackupCodes(
  deps: TwoFactorDeps,
  userId: number,
  password: string,
): Promise<TBackupCodesResponse> {
  const account = await assertPassword(deps, userId, password, TWO_FACTOR_MESSAGES.incorrectPassword);
  if (!account.isEnabled) throw badRequest(TWO_FACTOR_MESSAGES.notEnabled);
  const backupCodes = newBackupCodes();
  await deps.db.transaction((tx) =>
    repo.replaceBackupCodes(
      tx,
      userId,
      backupCodes.map((c) => deps.box.mac(c)),
    ),
  );
  await deps.guard.userSucceeded(userId);
  return { backupCodes };
}

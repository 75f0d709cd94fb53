import { randomInt } from 'node:crypto';
import {
  DEVICE_MESSAGES,
  PAIRING_EXPIRES_IN,
  READER_MESSAGES,
  type TDevice,
  type TPairingPaired,
  type TPairingStartResponse,
  TWO_FACTOR_MESSAGES,
} from '@quantics/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { FAILURE_WINDOW_MS } from '../../lib/brute-force.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { createFailureCounter, type FailureCounter } from '../../lib/failure-counter.ts';
import type { AuthContext } from '../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../activity/activity.service.ts';
import { issueDeviceToken } from './device-token.ts';
import * as devicesRepo from './devices.repo.ts';
import { getDevice } from './devices.service.ts';
import * as repo from './pairing.repo.ts';

export type PairingDeps = {
  db: Db;
  failures: FailureCounter;
  limits: { perAccount: number; perIp: number };
  /** Seconds between polls. */
  interval: number;
};

/** What pairing needs, from the app's settings: the reader's side (protocol) and the person's (confirming a code). */
export const pairingDeps = (app: FastifyInstance): PairingDeps => ({
  db: app.db,
  failures: createFailureCounter(app),
  limits: { perAccount: app.config.authFailureLimit, perIp: app.config.authFailureLimitPerIp },
  interval: app.config.readerPollInterval,
});

/** A reader asks to pair: it gets a 6-digit code to show and a secret to poll with. */
export async function startPairing(
  deps: PairingDeps,
  input: { serial_number: string; model: string | null; firmware: string | null },
): Promise<TPairingStartResponse> {
  await repo.releaseStaleCodes(deps.db);
  // A million codes and a handful live at once: a clash is rare, and the unique index catches it.
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const pollSecret = newToken(24);
    const id = await repo.insertPairing(deps.db, {
      code,
      pollSecretHash: hashToken(pollSecret),
      serialNumber: input.serial_number,
      model: input.model,
      firmware: input.firmware,
      expiresInSeconds: PAIRING_EXPIRES_IN,
    });
    if (id) {
      return {
        pairing_id: id,
        code,
        poll_secret: pollSecret,
        expires_in: PAIRING_EXPIRES_IN,
        interval: deps.interval,
      };
    }
  }
  throw new AppError(503, READER_MESSAGES.pairingBusy);
}

const userKey = (userId: number) => `pair:user:${userId}`;
const ipKey = (ip: string) => `pair:ip:${ip}`;

/**
 * A person types the reader's code: the reader joins their current company (or, when the company already has
 * that serial number, that device is re-paired and its old token revoked). Wrong codes count like failed
 * sign-ins, per person and per client address, and are checked before the code so a locked caller learns nothing.
 */
export async function confirmPairing(
  deps: PairingDeps,
  actor: AuthContext,
  code: string,
  ip: string,
): Promise<TDevice> {
  const [mine, address] = await Promise.all([
    deps.failures.count(userKey(actor.userId)),
    deps.failures.count(ipKey(ip)),
  ]);
  if (mine >= deps.limits.perAccount || address >= deps.limits.perIp) {
    throw new AppError(429, TWO_FACTOR_MESSAGES.tooManyAttempts, { success: false });
  }
  const deviceId = await deps.db.transaction(async (tx) => {
    const pairing = await repo.claimByCode(tx, code, actor.companyId, actor.userId);
    if (!pairing) return null;
    const info = { model: pairing.model, firmware: pairing.firmware };
    const existing = await devicesRepo.findDeviceBySerial(tx, actor.companyId, pairing.serialNumber);
    let id = existing?.id;
    if (id !== undefined) {
      await devicesRepo.revokeTokens(tx, actor.companyId, id);
    } else {
      const name = pairing.model
        ? `${pairing.model} ${pairing.serialNumber}`
        : `Reader ${pairing.serialNumber}`;
      id = await devicesRepo.insertDevice(tx, {
        companyId: actor.companyId,
        name,
        serialNumber: pairing.serialNumber,
        ...info,
      });
      if (id === undefined) throw new Error('device insert lost a race it cannot lose inside the claim');
    }
    await devicesRepo.markPaired(tx, actor.companyId, id, info);
    await repo.setPairingDevice(tx, pairing.id, id);
    const device = await getDevice(tx, actor.companyId, id);
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: { type: 'device', id, name: device.name },
      action: existing ? 'device.repair' : 'device.pair',
      type: 'device',
      message: `${device.name} ${existing ? 're-paired' : 'paired'} (confirmed by ${userPerformer(actor).name})`,
      metadata: { deviceId: id, serialNumber: pairing.serialNumber },
    });
    return id;
  });
  if (deviceId === null) {
    await Promise.all([
      deps.failures.hit(userKey(actor.userId), FAILURE_WINDOW_MS),
      deps.failures.hit(ipKey(ip), FAILURE_WINDOW_MS),
    ]);
    throw badRequest(DEVICE_MESSAGES.codeInvalid, { success: false });
  }
  await deps.failures.reset(userKey(actor.userId));
  return getDevice(deps.db, actor.companyId, deviceId);
}

export type PollResult = { status: 'pending'; interval: number } | TPairingPaired;

/** The reader polls until a person confirms; the token is handed out exactly once. */
export async function pollPairing(
  deps: PairingDeps,
  input: { pairing_id: string; poll_secret: string },
): Promise<PollResult> {
  const pairing = await repo.findPairing(deps.db, input.pairing_id);
  if (!pairing || pairing.pollSecretHash !== hashToken(input.poll_secret)) {
    throw notFound(READER_MESSAGES.pairingNotFound);
  }
  if (pairing.deliveredAt) throw new AppError(410, READER_MESSAGES.pairingUsed);
  if (!pairing.confirmedAt && pairing.isExpired) throw new AppError(410, READER_MESSAGES.pairingExpired);
  if (!(await repo.notePoll(deps.db, pairing.id, deps.interval))) {
    throw new AppError(429, READER_MESSAGES.pollTooFast, { interval: deps.interval });
  }
  if (!pairing.confirmedAt) return { status: 'pending', interval: deps.interval };
  const result = await deps.db.transaction(async (tx) => {
    if (!(await repo.markDelivered(tx, pairing.id))) return null;
    const deviceId = pairing.deviceId;
    const companyId = pairing.companyId;
    // A confirmed pairing whose device was deleted meanwhile has nothing to hand out.
    if (deviceId === null || companyId === null) return null;
    const companyName = await repo.companyName(tx, companyId);
    const token = await issueDeviceToken(tx, companyId, deviceId);
    return { deviceId, token, companyName: companyName ?? '' };
  });
  if (!result) throw new AppError(410, READER_MESSAGES.pairingUsed);
  return {
    status: 'paired',
    device_id: result.deviceId,
    device_token: result.token,
    company_name: result.companyName,
  };
}

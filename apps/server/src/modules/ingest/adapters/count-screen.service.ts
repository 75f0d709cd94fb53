import { randomUUID } from 'node:crypto';
import type { TBrowserDeviceResponse } from '@quantics/contracts';
import type { Db } from '../../../db/client.ts';
import type { AuthContext } from '../../../lib/request-context.ts';
import { recordActivity, userPerformer } from '../../activity/activity.service.ts';
import { issueDeviceToken } from '../../devices/device-token.ts';
import * as repo from '../../devices/devices.repo.ts';
import { getDevice } from '../../devices/devices.service.ts';

/**
 * A person's handheld browser becomes a device of the company (kind 'browser', owned by the person) with a device
 * token of its own: the Count screen then speaks the reader protocol like any handheld, and the audits it makes
 * name the browser as their device and the person as who counted. The token is answered once.
 */
export async function createBrowserDevice(
  db: Db,
  actor: AuthContext,
  name: string,
): Promise<TBrowserDeviceResponse> {
  return db.transaction(async (tx) => {
    // Browsers have no serial number of their own: a random one keeps (company, serial) unique.
    const serialNumber = `browser-${randomUUID()}`;
    const id = await repo.insertDevice(tx, {
      companyId: actor.companyId,
      name,
      serialNumber,
      kind: 'browser',
      ownerUserId: actor.userId,
    });
    if (id === undefined) throw new Error('a random serial number was taken');
    const token = await issueDeviceToken(tx, actor.companyId, id);
    await recordActivity(tx, {
      companyId: actor.companyId,
      performer: userPerformer(actor),
      action: 'device.create',
      type: 'device',
      message: `${userPerformer(actor).name} set up ${name} to count on the Count screen`,
      metadata: { deviceId: id, kind: 'browser' },
    });
    return { device: await getDevice(tx, actor.companyId, id), device_token: token };
  });
}

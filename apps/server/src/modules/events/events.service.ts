import type { TEventType } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';

/**
 * The one way to record that something happened. Pass the transaction of the change as `db`, so the event is kept
 * exactly when the change is: the bell reads events, and the alerts worker hands each one on to e-mail and
 * webhooks after it is committed (never inside the caller's transaction, which stays as fast as before).
 */
export async function recordEvent(
  db: Db,
  companyId: number,
  type: TEventType,
  payload: Record<string, unknown>,
  at?: Date,
): Promise<void> {
  await db.insert(events).values({
    companyId,
    type,
    payload: { ...payload, company_id: companyId },
    ...(at && { createdAt: at }),
  });
}

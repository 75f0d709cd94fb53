import type { TEventType } from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { type NewEvent, recordEvents } from './events.repo.ts';

/**
 * The untyped door to events.repo.ts, kept only for audits/audit-events.ts while it moves into modules/ingest
 * (issue 33 §2): its payloads are converted to the typed `recordEvent` of events.repo.ts there, and this file goes.
 * Everything else writes events through events.repo.ts.
 */
export async function recordEvent(
  db: Db,
  companyId: number,
  type: TEventType,
  payload: Record<string, unknown>,
  at?: Date,
): Promise<void> {
  await recordEvents(db, companyId, [{ type, payload } as NewEvent], at);
}

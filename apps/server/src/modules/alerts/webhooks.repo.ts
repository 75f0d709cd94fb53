import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema/index.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export const listEndpoints = (db: Db, companyId: number) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(webhookEndpoints.id);

export async function findEndpoint(db: Db, companyId: number, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function countEndpoints(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId));
  return row?.n ?? 0;
}

export async function insertEndpoint(
  db: Db,
  v: { companyId: number; url: string; events: string[]; isEnabled: boolean; secretEnc: string },
): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(v).returning();
  if (!row) throw new Error('insert webhook returned nothing');
  return row;
}

export async function updateEndpoint(
  db: Db,
  companyId: number,
  id: number,
  v: { url?: string; events?: string[]; isEnabled?: boolean },
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...v,
      // Switched on again by a person: it starts afresh.
      ...(v.isEnabled === true && { disabledReason: null, failingSince: null }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** A test event's message; answers its key, for its delivery job. */
export async function insertTestMessage(
  db: Db,
  v: { endpointId: number; companyId: number; msgId: string; body: string },
): Promise<{ company_id: number; id: number }> {
  const [row] = await db
    .insert(webhookMessages)
    .values({ ...v, eventId: null, type: 'webhook.test' })
    .returning({ company_id: webhookMessages.companyId, id: webhookMessages.id });
  if (!row) throw new Error('insert webhook message returned nothing');
  return row;
}

/** The endpoint's delivery log, newest attempt first, each with the body it sent. */
export async function listAttempts(
  db: Db,
  companyId: number,
  endpointId: number,
  page: { limit: number; offset: number },
) {
  const where = and(eq(webhookAttempts.companyId, companyId), eq(webhookAttempts.endpointId, endpointId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: webhookAttempts.id,
        msgId: webhookMessages.msgId,
        type: webhookMessages.type,
        attemptedAt: webhookAttempts.attemptedAt,
        isSuccess: webhookAttempts.isSuccess,
        responseCode: webhookAttempts.responseCode,
        durationMs: webhookAttempts.durationMs,
        error: webhookAttempts.error,
        body: webhookMessages.body,
      })
      .from(webhookAttempts)
      .innerJoin(
        webhookMessages,
        and(
          eq(webhookMessages.companyId, webhookAttempts.companyId),
          eq(webhookMessages.id, webhookAttempts.messageId),
        ),
      )
      .where(where)
      .orderBy(desc(webhookAttempts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(webhookAttempts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

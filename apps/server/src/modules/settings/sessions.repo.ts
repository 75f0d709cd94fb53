import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { printAgents, sessions } from '../../db/schema/index.ts';

/**
 * A person's own sessions and print utilities, across their companies: every query is scoped by the caller's user
 * id, so someone else's session is simply not found.
 */
export function listBrowserSessions(db: Db, userId: number) {
  return db
    .select({
      id: sessions.id,
      companyId: sessions.companyId,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

export function listPrintUtilities(db: Db, userId: number) {
  return db
    .select({
      id: printAgents.id,
      companyId: printAgents.companyId,
      name: printAgents.name,
      version: printAgents.agentVersion,
      hostname: printAgents.hostname,
      ip: printAgents.ip,
      createdAt: printAgents.createdAt,
      lastSeenAt: printAgents.lastSeenAt,
    })
    .from(printAgents)
    .where(and(eq(printAgents.userId, userId), isNull(printAgents.revokedAt)))
    .orderBy(desc(printAgents.id));
}

/** Ends one of the person's sessions; the company it was in, or undefined when it isn't theirs or already ended. */
export async function revokeBrowserSession(db: Db, userId: number, sessionId: number) {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ companyId: sessions.companyId, userAgent: sessions.userAgent });
  return row;
}

export async function revokePrintUtility(db: Db, userId: number, agentId: number) {
  const [row] = await db
    .update(printAgents)
    .set({ revokedAt: sql`now()`, connectedAt: null })
    .where(and(eq(printAgents.id, agentId), eq(printAgents.userId, userId), isNull(printAgents.revokedAt)))
    .returning({ companyId: printAgents.companyId, name: printAgents.name });
  return row;
}

/** Every session of the person but `keepSessionId`, and every print utility; how many were ended. */
export async function revokeAllBut(db: Db, userId: number, keepSessionId: number): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const utilities = await db
    .update(printAgents)
    .set({ revokedAt: sql`now()`, connectedAt: null })
    .where(and(eq(printAgents.userId, userId), isNull(printAgents.revokedAt)))
    .returning({ id: printAgents.id });
  return ended.length + utilities.length;
}

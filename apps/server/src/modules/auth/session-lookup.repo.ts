import { normalizeRole } from '@quantics/contracts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, memberships, sessions, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/crypto.ts';
import type { AuthContext } from '../../lib/request-context.ts';

/**
 * The session behind a bearer token, with its user, company and active membership. Every signed-in call makes
 * this lookup, so it is a prepared statement: built once here, planned once per connection by PostgreSQL.
 */
export function sessionLookup(db: Db) {
  const query = db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      name: users.name,
      companyId: companies.id,
      companyName: companies.name,
      inventoryType: companies.inventoryType,
      role: memberships.role,
      requireTwoFactor: companies.requireTwoFactor,
      isTwoFactorEnabled: users.isTwoFactorEnabled,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .innerJoin(
      memberships,
      and(
        eq(memberships.userId, sessions.userId),
        eq(memberships.companyId, sessions.companyId),
        eq(memberships.isActive, true),
      ),
    )
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
  return async (token: string): Promise<FoundSession | null> => {
    const [row] = await query.execute({ tokenHash: hashToken(token) });
    if (!row) return null;
    const { requireTwoFactor, isTwoFactorEnabled, lastUsedAt, ...rest } = row;
    return {
      auth: {
        ...rest,
        role: normalizeRole(row.role),
        inventoryType: row.inventoryType === 'dutchie' ? 'dutchie' : 'manual',
        mustSetUpTwoFactor: requireTwoFactor && !isTwoFactorEnabled,
      },
      lastUsedAt,
    };
  };
}

export type FoundSession = { auth: AuthContext; lastUsedAt: Date };

/** How stale a session's last use may get before a request writes it again. */
export const LAST_USED_REFRESH_MS = 60_000;

/**
 * Keeps a session's last use and address roughly current without a write per request: at most one update a minute
 * per session. The `where` makes concurrent requests of a stale session write once between them.
 */
export function sessionToucher(db: Db) {
  return async (found: FoundSession, ip: string) => {
    if (Date.now() - found.lastUsedAt.getTime() < LAST_USED_REFRESH_MS) return;
    await db
      .update(sessions)
      .set({ lastUsedAt: sql`now()`, ip })
      .where(
        and(
          eq(sessions.id, found.auth.sessionId),
          lt(sessions.lastUsedAt, new Date(Date.now() - LAST_USED_REFRESH_MS)),
        ),
      );
  };
}

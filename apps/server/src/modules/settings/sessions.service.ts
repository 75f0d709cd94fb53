import {
  parseSessionId,
  SECURITY_MESSAGES,
  sessionId,
  type TRevokeSessionsResponse,
  type TSession,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AuthContext, ClientInfo } from '../../lib/request-context.ts';
import { recordSecurityEvent, userPerformer } from '../activity/activity.service.ts';
import * as repo from './sessions.repo.ts';

/** Where the caller is signed in: browsers first (most recently used first), then print utilities. */
export async function listSessions(db: Db, auth: AuthContext): Promise<TSession[]> {
  const browsers = await repo.listBrowserSessions(db, auth.userId);
  const utilities = await repo.listPrintUtilities(db, auth.userId);
  return [
    ...browsers.map((s) => ({
      id: sessionId('browser', s.id),
      kind: 'browser' as const,
      user_agent: s.userAgent,
      ip: s.ip,
      created_at: s.createdAt.toISOString(),
      last_used_at: s.lastUsedAt.toISOString(),
      current: s.id === auth.sessionId,
    })),
    ...utilities.map((u) => ({
      id: sessionId('print_utility', u.id),
      kind: 'print_utility' as const,
      user_agent: `Quantics Print Utility${u.version ? ` ${u.version}` : ''} (${u.hostname ?? u.name})`,
      ip: u.ip,
      created_at: u.createdAt.toISOString(),
      last_used_at: u.lastSeenAt?.toISOString() ?? null,
      current: false,
    })),
  ];
}

/** Ends one of the caller's own sessions or print utilities (the current one too: that is signing out). */
export async function revokeSession(db: Db, auth: AuthContext, id: string, client: ClientInfo) {
  const { kind, n } = parseSessionId(id);
  await db.transaction(async (tx) => {
    const ended =
      kind === 'browser'
        ? await repo.revokeBrowserSession(tx, auth.userId, n)
        : await repo.revokePrintUtility(tx, auth.userId, n);
    if (!ended) throw notFound(SECURITY_MESSAGES.sessionNotFound);
    const what = kind === 'browser' ? 'a browser session' : 'a print utility';
    await recordSecurityEvent(tx, {
      companyId: ended.companyId,
      performer: userPerformer(auth),
      action: 'security.session_revoked',
      message: `${auth.name || auth.email} signed out ${what} (${id})`,
      metadata: { session: id, kind },
      client,
    });
  });
  return { success: true as const, message: SECURITY_MESSAGES.sessionRevoked };
}

/** "Sign out everywhere else": every other session and every print utility of the caller. */
export async function revokeOtherSessions(
  db: Db,
  auth: AuthContext,
  client: ClientInfo,
): Promise<TRevokeSessionsResponse> {
  const count = await db.transaction(async (tx) => {
    const n = await repo.revokeAllBut(tx, auth.userId, auth.sessionId);
    await recordSecurityEvent(tx, {
      companyId: { allCompaniesOf: auth.userId },
      performer: userPerformer(auth),
      action: 'security.sessions_revoked',
      message: `${auth.name || auth.email} signed out everywhere else (${n} session${n === 1 ? '' : 's'} ended)`,
      metadata: { count: n },
      client,
    });
    return n;
  });
  return { success: true, message: SECURITY_MESSAGES.otherSessionsRevoked, count };
}

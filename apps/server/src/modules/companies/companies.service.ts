import {
  COMPANY_MESSAGES,
  normalizeRole,
  SECURITY_MESSAGES,
  type TCompany,
  type TSwitchCompanyResponse,
  type TUpdateCompanyRequest,
  type TUserCompany,
} from '@quantics/contracts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthContext, ClientInfo } from '../../lib/request-context.ts';
import { recordActivity, recordSecurityEvent, userPerformer } from '../activity/activity.service.ts';
import { logout, startSession, toPublicUser } from '../auth/auth.service.ts';
import { addDefaultReasonCodes } from '../reviews/reason-codes.service.ts';
import * as repo from './companies.repo.ts';

type CompanyRow = {
  id: number;
  name: string;
  inventoryType: string;
  createdAt: Date;
  requireTwoFactor: boolean;
  timeZone: string;
};

function companyView(c: CompanyRow): TCompany {
  return {
    id: c.id,
    name: c.name,
    inventory_type: c.inventoryType === 'dutchie' ? 'dutchie' : 'manual',
    created_at: c.createdAt.toISOString(),
    require_two_factor: c.requireTwoFactor,
    time_zone: c.timeZone,
  };
}

export async function listCompanies(db: Db, auth: AuthContext): Promise<TCompany[]> {
  return (await repo.listUserCompanies(db, auth.userId)).map(companyView);
}

/** The same companies with the caller's role in each and which one the session is in. */
export async function listUserCompanies(db: Db, auth: AuthContext): Promise<TUserCompany[]> {
  const rows = await repo.listUserCompanies(db, auth.userId);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    role: normalizeRole(c.role),
    is_current: c.id === auth.companyId,
  }));
}

export async function currentCompany(db: Db, auth: AuthContext): Promise<TCompany> {
  const row = await repo.findCompany(db, auth.companyId);
  if (!row) throw notFound(COMPANY_MESSAGES.notFound);
  return companyView(row);
}

/**
 * Company-level calls act on the session's current company only; every other id, including one of the
 * caller's other companies, is not found (switch first). That keeps the role check meaningful, since the
 * role is the one held in the current company.
 */
export function assertCurrent(auth: AuthContext, companyId: number) {
  if (companyId !== auth.companyId) throw notFound(COMPANY_MESSAGES.notFound);
}

/** A new company with a local catalogue; its creator is its first admin. The session stays where it is. */
export async function createCompany(db: Db, auth: AuthContext, name: string): Promise<TCompany> {
  const row = await db.transaction(async (tx) => {
    const company = await repo.insertCompany(tx, { name, createdById: auth.userId });
    await repo.insertAdminMembership(tx, company.id, auth.userId);
    await addDefaultReasonCodes(tx, company.id);
    await recordActivity(tx, {
      companyId: company.id,
      performer: userPerformer(auth),
      action: 'company.create',
      type: 'company',
      message: `${auth.name || auth.email} created the company ${name}`,
    });
    return company;
  });
  return companyView(row);
}

export async function renameCompany(db: Db, auth: AuthContext, companyId: number, name: string) {
  return updateCompany(db, auth, companyId, { name }, null);
}

/**
 * A new name and/or the two-factor policy. Requiring two-factor needs the admin to have it themselves (else they
 * would lock themselves out too); the change goes into the security log with the caller's address.
 */
export async function updateCompany(
  db: Db,
  auth: AuthContext,
  companyId: number,
  input: TUpdateCompanyRequest,
  client: ClientInfo | null,
) {
  assertCurrent(auth, companyId);
  if (input.require_two_factor === true && !(await repo.hasTwoFactor(db, auth.userId))) {
    throw forbidden(SECURITY_MESSAGES.ownTwoFactorFirst);
  }
  const row = await db.transaction(async (tx) => {
    const before = await repo.findCompanyForUpdate(tx, companyId);
    if (!before) throw notFound(COMPANY_MESSAGES.notFound);
    const updated = await repo.updateCompany(tx, companyId, {
      name: input.name,
      requireTwoFactor: input.require_two_factor,
      timeZone: input.time_zone,
    });
    if (!updated) throw notFound(COMPANY_MESSAGES.notFound);
    const actor = auth.name || auth.email;
    if (input.name !== undefined && before.name !== input.name) {
      await recordActivity(tx, {
        companyId,
        performer: userPerformer(auth),
        action: 'company.update',
        type: 'company',
        message: `${actor} renamed the company from ${before.name} to ${input.name}`,
        metadata: { from: before.name, to: input.name },
      });
    }
    if (input.time_zone !== undefined && before.timeZone !== input.time_zone) {
      await recordActivity(tx, {
        companyId,
        performer: userPerformer(auth),
        action: 'company.update',
        type: 'company',
        message: `${actor} set the company's time zone to ${input.time_zone}`,
        metadata: { from: before.timeZone, to: input.time_zone },
      });
    }
    if (input.require_two_factor !== undefined && before.requireTwoFactor !== input.require_two_factor) {
      await recordSecurityEvent(tx, {
        companyId,
        performer: userPerformer(auth),
        action: 'security.policy_changed',
        message: input.require_two_factor
          ? `${actor} now requires two-factor authentication for everyone in the company`
          : `${actor} stopped requiring two-factor authentication`,
        metadata: { require_two_factor: input.require_two_factor },
        client: client ?? { ip: '', userAgent: null },
      });
    }
    return updated;
  });
  return companyView(row);
}

/**
 * Moves a person into one of their companies with a new session: the new token is returned, the previous
 * session (if any) is revoked, and the next sign-in lands in this company too.
 */
export async function startSessionIn(
  db: Db,
  userId: number,
  companyId: number,
  client: ClientInfo,
  previousSessionId?: number,
): Promise<TSwitchCompanyResponse> {
  const token = await startSession(db, userId, companyId, client);
  if (previousSessionId !== undefined) await logout(db, previousSessionId);
  await repo.setDefaultCompany(db, userId, companyId);
  return { token, user: await toPublicUser(db, userId, companyId) };
}

/** Any member may switch among the companies they belong to; any other company is not found. */
export async function switchCompany(db: Db, auth: AuthContext, companyId: number, client: ClientInfo) {
  if (!(await repo.findActiveMembership(db, auth.userId, companyId))) {
    throw notFound(COMPANY_MESSAGES.notFound);
  }
  return startSessionIn(db, auth.userId, companyId, client, auth.sessionId);
}

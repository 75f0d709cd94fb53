import type { TActivityItem, TCompany, TTeamMember, TUserCompany } from '@quantics/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, memberships } from '../db/schema/index.ts';
import { ACCESS_POLICY } from '../plugins/access-policy.ts';
import { bearer, uniqueEmail } from './factories.ts';
import { linkIn } from './smtp.ts';
import { createTenant, type Tenant } from './tenants.ts';
import { createMailTestApp, type MailTestApp } from './test-app.ts';

/**
 * Two companies with the same kinds of objects (an admin, an operator, a member, a pending invitation, activity).
 * Company B's admin, the strongest caller there, goes after company A's objects through every route; each
 * attempt must find nothing (404, exactly as for an id that doesn't exist), change nothing, and no list or
 * count of B may include A. Every API route is either probed here or listed as holding no company data.
 */

type World = {
  a: Tenant;
  b: Tenant;
  aInvitationId: number;
  /** The secret from A's invitation email. */
  aInviteToken: string;
  aInviteEmail: string;
  bInviteEmail: string;
};
type Probe = (w: World) => Promise<void>;

/** Routes that carry no company's objects, and why. */
const NOT_COMPANY_DATA: Record<string, string> = {
  'GET /api/health': 'system status',
  'POST /api/waitlist': 'public sign-up, belongs to no company',
  'POST /api/auth/register': 'creates a new company of its own',
  'POST /api/auth/login': "the caller's own credentials",
  'POST /api/auth/logout': "the caller's own session",
  'GET /api/auth/me': "the caller's own user in their current company",
  'POST /api/auth/forgot-password': "an email's own reset link",
  'POST /api/auth/reset-password': 'the emailed token names the account',
  'GET /api/settings/profile': "the caller's own account",
  'PUT /api/settings/profile': "the caller's own account (company name: the current company only)",
  'PUT /api/settings/password': "the caller's own account",
  'PUT /api/settings/appearance': "the caller's own account",
  'GET /api/settings/2fa/status': "the caller's own account",
  'POST /api/settings/2fa/setup': "the caller's own account",
  'POST /api/settings/2fa/verify': "the caller's own account",
  'POST /api/settings/2fa/disable': "the caller's own account",
  'POST /api/settings/2fa/regenerate-codes': "the caller's own account",
  'GET /api/settings/onboarding/status': "the caller's own account",
  'POST /api/settings/onboarding/complete': "the caller's own account",
  'GET /api/team/invite-info': 'the secret emailed token is the credential, whoever holds it',
};

let t: MailTestApp;
let world: World;

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const b = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  as(world.b.admin.token, method, url, payload);

async function teamOf(tenant: Tenant) {
  return (await as(tenant.admin.token, 'GET', '/api/team/members')).json() as TTeamMember[];
}
const emailsOf = (t: Tenant) => [t.admin.email, t.operator.email, t.member.email];

function expectNotFound(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(404);
  expect((res.json() as { message: string }).message).toMatch(/not found/i);
}

const PROBES: Record<string, Probe> = {
  'GET /api/team/members': async (w) => {
    const list = await teamOf(w.b);
    const emails = list.map((m) => m.email);
    for (const email of [...emailsOf(w.a), w.aInviteEmail]) expect(emails).not.toContain(email);
    expect(emails).toEqual([...emailsOf(w.b), w.bInviteEmail]);
  },
  'POST /api/team/invite': async (w) => {
    // A's member is a stranger to B: inviting them works (no 409 that would reveal A's team) and A is untouched.
    const before = await teamOf(w.a);
    const res = await b('POST', '/api/team/invite', {
      email: w.a.operator.email,
      name: 'Op',
      role: 'member',
    });
    expect(res.statusCode).toBe(201);
    expect(await teamOf(w.a)).toEqual(before);
    await b('DELETE', `/api/team/invitations/${res.json().id}`);
  },
  'PUT /api/team/members/:id': async (w) => {
    expectNotFound(await b('PUT', `/api/team/members/${w.a.operator.userId}`, { role: 'member' }));
    const me = await as(w.a.operator.token, 'GET', '/api/auth/me');
    expect(me.json().role).toBe('operator');
  },
  'DELETE /api/team/members/:id': async (w) => {
    expectNotFound(await b('DELETE', `/api/team/members/${w.a.member.userId}`));
    const rows = await t.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, w.a.member.userId), eq(memberships.companyId, w.a.companyId)));
    expect(rows).toHaveLength(1);
    expect((await as(w.a.member.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
  },
  'POST /api/team/resend-invite/:id': async (w) => {
    const [before] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, w.aInvitationId));
    expectNotFound(await b('POST', `/api/team/resend-invite/${w.aInvitationId}`));
    const [after] = await t.database.db.select().from(invitations).where(eq(invitations.id, w.aInvitationId));
    expect(after).toEqual(before);
  },
  'DELETE /api/team/invitations/:id': async (w) => {
    expectNotFound(await b('DELETE', `/api/team/invitations/${w.aInvitationId}`));
    expect((await teamOf(w.a)).map((m) => m.email)).toContain(w.aInviteEmail);
  },
  'POST /api/team/accept-invite': async (w) => {
    // B's admin holding A's link (sent to someone else) cannot use it to get into A.
    const res = await b('POST', '/api/team/accept-invite', { token: w.aInviteToken });
    expect(res.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, w.aInvitationId));
    expect(row?.acceptedAt).toBeNull();
    const companies = (await b('GET', '/api/team/companies')).json() as TUserCompany[];
    expect(companies.map((c) => c.id)).not.toContain(w.a.companyId);
  },
  'GET /api/team/companies': async (w) => {
    const list = (await b('GET', '/api/team/companies')).json() as TUserCompany[];
    expect(list).toEqual([{ id: w.b.companyId, name: w.b.companyName, role: 'admin', is_current: true }]);
  },
  'POST /api/team/switch-company': async (w) => {
    expectNotFound(await b('POST', '/api/team/switch-company', { companyId: w.a.companyId }));
    expect((await b('GET', '/api/auth/me')).json().company_id).toBe(w.b.companyId);
  },
  'GET /api/companies': async (w) => {
    const list = (await b('GET', '/api/companies')).json() as TCompany[];
    expect(list.map((c) => c.id)).not.toContain(w.a.companyId);
  },
  'GET /api/companies/current': async (w) => {
    expect((await b('GET', '/api/companies/current')).json()).toMatchObject({ id: w.b.companyId });
  },
  'GET /api/companies/:id/stats': async (w) => {
    expectNotFound(await b('GET', `/api/companies/${w.a.companyId}/stats`));
    const own = (await b('GET', `/api/companies/${w.b.companyId}/stats`)).json();
    expect(own.users).toBe(3);
  },
  'POST /api/companies': async (w) => {
    const res = await b('POST', '/api/companies', { name: 'B Branch' });
    expect(res.statusCode).toBe(201);
    const aList = (await as(w.a.admin.token, 'GET', '/api/companies')).json() as TCompany[];
    expect(aList.map((c) => c.name)).not.toContain('B Branch');
  },
  'PUT /api/companies/:id': async (w) => {
    expectNotFound(await b('PUT', `/api/companies/${w.a.companyId}`, { name: 'Taken Over' }));
    expect((await as(w.a.member.token, 'GET', '/api/auth/me')).json().company).toBe(w.a.companyName);
  },
  'GET /api/stats/activity': async (w) => {
    const items = (await b('GET', '/api/stats/activity?limit=100')).json().recentActivity as TActivityItem[];
    expect(items.length).toBeGreaterThan(0);
    const text = JSON.stringify(items);
    expect(text).not.toContain(w.aInviteEmail);
    expect(text).not.toContain(w.a.admin.email);
    expect(text).toContain(w.bInviteEmail);
  },
};

beforeAll(async () => {
  t = await createMailTestApp();
  const a = await createTenant(t, 'Company A');
  const bTenant = await createTenant(t, 'Company B');
  const aInviteEmail = uniqueEmail('a-invitee');
  const bInviteEmail = uniqueEmail('b-invitee');
  const invite = (tenant: Tenant, email: string) =>
    as(tenant.admin.token, 'POST', '/api/team/invite', { email, name: 'Invitee', role: 'operator' });
  const aInvite = await invite(a, aInviteEmail);
  expect((await invite(bTenant, bInviteEmail)).statusCode).toBe(201);
  const mail = await t.smtp.waitFor((m) => m.to.includes(aInviteEmail));
  const aInviteToken = new URL(linkIn(mail, '/accept-invite')).searchParams.get('token') ?? '';
  world = { a, b: bTenant, aInvitationId: aInvite.json().id, aInviteToken, aInviteEmail, bInviteEmail };
});
afterAll(() => t.close());

describe('tenant isolation', () => {
  it('probes every company route, and says why each other route holds no company data', () => {
    const covered = [...Object.keys(PROBES), ...Object.keys(NOT_COMPANY_DATA)].sort();
    expect(covered, 'classify the new route in PROBES or NOT_COMPANY_DATA').toEqual(
      Object.keys(ACCESS_POLICY).sort(),
    );
    for (const key of Object.keys(PROBES)) expect(NOT_COMPANY_DATA).not.toHaveProperty([key]);
  });

  it('answers 404 for unknown ids exactly as for the other company’s ids', async () => {
    const unknown = await b('PUT', '/api/team/members/999999', { role: 'member' });
    const foreign = await b('PUT', `/api/team/members/${world.a.admin.userId}`, { role: 'member' });
    expect([foreign.statusCode, foreign.body]).toEqual([unknown.statusCode, unknown.body]);
    const unknownCompany = await b('PUT', '/api/companies/999999', { name: 'X' });
    const foreignCompany = await b('PUT', `/api/companies/${world.a.companyId}`, { name: 'X' });
    expect([foreignCompany.statusCode, foreignCompany.body]).toEqual([
      unknownCompany.statusCode,
      unknownCompany.body,
    ]);
  });

  for (const [key, probe] of Object.entries(PROBES)) {
    it(`${key}: company B cannot read, change or count company A's objects`, () => probe(world));
  }
});

import type { TTeamMember } from '@quantics/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, memberships } from '../../db/schema/index.ts';
import { bearer, uniqueEmail } from '../../test/factories.ts';
import { addPerson, createTenant, type Tenant } from '../../test/tenants.ts';
import { createMailTestApp, type MailTestApp } from '../../test/test-app.ts';

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const members = async (token: string) => {
  const res = await call('GET', '/api/team/members', token);
  expect(res.statusCode).toBe(200);
  return res.json() as TTeamMember[];
};

const invite = (tenant: Tenant, body: Record<string, unknown>) =>
  call('POST', '/api/team/invite', tenant.admin.token, { name: 'New Person', role: 'member', ...body });

describe('GET /api/team/members', () => {
  it('lists members with their status and joined date, then open invitations', async () => {
    const a = await createTenant(t, 'Listing Co');
    const email = uniqueEmail('invitee');
    expect((await invite(a, { email, role: 'operator' })).statusCode).toBe(201);
    const list = await members(a.admin.token);
    expect(list.map((m) => [m.kind, m.email, m.role, m.status])).toEqual([
      ['member', a.admin.email, 'admin', 'active'],
      ['member', a.operator.email, 'operator', 'active'],
      ['member', a.member.email, 'member', 'active'],
      ['invitation', email, 'operator', 'pending'],
    ]);
    // Registration leaves the name empty: the screen shows 'Unnamed'.
    expect(list[0]?.name).toBeNull();
    expect(list[1]?.name).toBe('Listing Co Operator');
    expect(Date.parse(list[0]?.created_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const pending = list[3];
    expect(Date.parse(pending?.expires_at ?? '') - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
  });

  it('shows a disabled membership and an expired invitation as inactive', async () => {
    const a = await createTenant(t, 'Inactive Co');
    const email = uniqueEmail('late');
    const created = (await invite(a, { email })).json() as TTeamMember;
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, created.id));
    await t.database.db
      .update(memberships)
      .set({ isActive: false })
      .where(and(eq(memberships.userId, a.member.userId), eq(memberships.companyId, a.companyId)));
    const list = await members(a.admin.token);
    expect(list.find((m) => m.email === email)?.status).toBe('inactive');
    expect(list.find((m) => m.email === a.member.email)?.status).toBe('inactive');
  });

  it('is for admins only, with a clear message', async () => {
    const a = await createTenant(t, 'Roles Co');
    for (const who of [a.operator, a.member]) {
      const res = await call('GET', '/api/team/members', who.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Only admins can do this. Ask an admin of your company if you need it.',
      );
    }
  });
});

describe('POST /api/team/invite', () => {
  it('answers the spec message when email, name or role is missing, and invites nobody', async () => {
    const a = await createTenant(t, 'Invite Co');
    for (const [body, field] of [
      [{ name: 'X', role: 'member' }, 'email'],
      [{ email: uniqueEmail(), role: 'member', name: ' ' }, 'name'],
    ] as const) {
      const res = await call('POST', '/api/team/invite', a.admin.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Email, name, and role are required', field });
    }
    expect((await members(a.admin.token)).filter((m) => m.kind === 'invitation')).toEqual([]);
  });

  it('answers 409 for someone already in the company, or already invited', async () => {
    const a = await createTenant(t, 'Dup Co');
    const member = await invite(a, { email: a.operator.email.toUpperCase() });
    expect(member.statusCode).toBe(409);
    expect(member.json()).toEqual({ message: 'This person is already a member of this company' });
    const email = uniqueEmail();
    expect((await invite(a, { email })).statusCode).toBe(201);
    const again = await invite(a, { email });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has an open invitation/);
  });

  it('stores only a hash of the token and records who invited whom', async () => {
    const a = await createTenant(t, 'Hash Co');
    const email = uniqueEmail('hash');
    const res = await invite(a, { email, role: 'operator', message: 'Welcome aboard' });
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, res.json().id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email));
    expect(mail.text).not.toContain(row?.tokenHash);
    const activity = await call('GET', '/api/stats/activity', a.member.token);
    expect(activity.json().recentActivity[0]).toMatchObject({
      type: 'team',
      action: 'team.invite',
      message: `${a.admin.email} invited ${email} as Operator`,
      performer_name: a.admin.email,
      performer_type: 'user',
    });
  });
});

describe('PUT /api/team/members/:id', () => {
  it('changes a role, effective on the next call of that person', async () => {
    const a = await createTenant(t, 'Promote Co');
    const res = await call('PUT', `/api/team/members/${a.member.userId}`, a.admin.token, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.member.userId,
      kind: 'member',
      role: 'admin',
      status: 'active',
    });
    expect((await call('GET', '/api/team/members', a.member.token)).statusCode).toBe(200);
    const me = await call('GET', '/api/auth/me', a.member.token);
    expect(me.json().role).toBe('admin');
  });

  it("refuses to change one's own role, and answers 404 for someone not in the company", async () => {
    const a = await createTenant(t, 'Self Co');
    const self = await call('PUT', `/api/team/members/${a.admin.userId}`, a.admin.token, { role: 'member' });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: 'You cannot change your own role' });
    const ghost = await call('PUT', '/api/team/members/999999', a.admin.token, { role: 'member' });
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json()).toEqual({ message: 'Team member not found' });
  });

  // Sent together; whether the two transactions really interleave is up to timing, so this checks the outcome.
  // What makes it hold under a true race is the company-row lock in changeRole/removeMember.
  it('never leaves the company without an admin when two admins demote each other', async () => {
    const a = await createTenant(t, 'Race Co');
    const second = await addPerson(t, a.companyId, 'admin', 'Second Admin');
    const [one, two] = await Promise.all([
      call('PUT', `/api/team/members/${second.userId}`, a.admin.token, { role: 'member' }),
      call('PUT', `/api/team/members/${a.admin.userId}`, second.token, { role: 'member' }),
    ]);
    expect([one.statusCode, two.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const admins = await t.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, a.companyId), eq(memberships.role, 'admin')));
    expect(admins).toHaveLength(1);
  });
});

describe('DELETE /api/team/members/:id', () => {
  it('removes the person and ends their sessions in this company', async () => {
    const a = await createTenant(t, 'Remove Co');
    const res = await call('DELETE', `/api/team/members/${a.operator.userId}`, a.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await members(a.admin.token)).map((m) => m.email)).not.toContain(a.operator.email);
    expect((await call('GET', '/api/auth/me', a.operator.token)).statusCode).toBe(401);
    const again = await call('DELETE', `/api/team/members/${a.operator.userId}`, a.admin.token);
    expect(again.statusCode).toBe(404);
  });

  it('refuses to remove oneself', async () => {
    const a = await createTenant(t, 'Stay Co');
    const res = await call('DELETE', `/api/team/members/${a.admin.userId}`, a.admin.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You cannot remove yourself from the company' });
  });
});

describe('invitation management', () => {
  it('resend gives a new token and a new 7-day window; revoke withdraws the invitation', async () => {
    const a = await createTenant(t, 'Resend Co');
    const email = uniqueEmail('resend');
    const created = (await invite(a, { email })).json() as TTeamMember;
    const [before] = await t.database.db.select().from(invitations).where(eq(invitations.id, created.id));
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, created.id));

    const res = await call('POST', `/api/team/resend-invite/${created.id}`, a.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, kind: 'invitation', status: 'pending' });
    const [after] = await t.database.db.select().from(invitations).where(eq(invitations.id, created.id));
    expect(after?.tokenHash).not.toBe(before?.tokenHash);
    expect((after?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const revoked = await call('DELETE', `/api/team/invitations/${created.id}`, a.admin.token);
    expect(revoked.statusCode).toBe(200);
    expect((await members(a.admin.token)).map((m) => m.email)).not.toContain(email);
    expect((await call('POST', `/api/team/resend-invite/${created.id}`, a.admin.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/team/invitations/${created.id}`, a.admin.token)).statusCode).toBe(404);
  });

  it('treats a member id as a member and an invitation id as an invitation', async () => {
    const a = await createTenant(t, 'Ids Co');
    // A user id is not an invitation id: resending "user N" finds nothing.
    const res = await call('POST', `/api/team/resend-invite/${a.member.userId}`, a.admin.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Invitation not found' });
  });
});

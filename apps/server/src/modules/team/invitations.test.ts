import type { TTeamMember } from '@quantics/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, users } from '../../db/schema/index.ts';
import { bearer, registerUser, uniqueEmail } from '../../test/factories.ts';
import { linkIn, type ReceivedMail } from '../../test/smtp.ts';
import { createTenant, PERSON_PASSWORD, type Tenant } from '../../test/tenants.ts';
import { createMailTestApp, type MailTestApp } from '../../test/test-app.ts';

// The whole invitation journey over real SMTP: the link is read from the mail that arrived.

const PUBLIC_URL = 'https://portal.quantics.test';
let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(() => t.close());

async function inviteAndReceive(tenant: Tenant, email: string, role = 'operator', message = '') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/team/invite',
    headers: bearer(tenant.admin.token),
    payload: { email, name: 'Robin Vale', role, message },
  });
  expect(res.statusCode).toBe(201);
  const mail = await t.smtp.waitFor((m) => m.to.includes(email));
  return { invitation: res.json() as TTeamMember, mail, token: tokenOf(mail) };
}

function tokenOf(mail: ReceivedMail): string {
  const link = linkIn(mail, '/accept-invite?token=');
  expect(link.startsWith(`${PUBLIC_URL}/accept-invite?token=`)).toBe(true);
  return decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
}

const info = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/team/invite-info?token=${encodeURIComponent(token)}` });
const accept = (payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/team/accept-invite',
    payload,
    ...(token ? { headers: bearer(token) } : {}),
  });

describe('a new person', () => {
  it('gets an email with a link, sees the invitation, sets name and password, and lands in the company', async () => {
    const a = await createTenant(t, 'Harbor Supply');
    const email = uniqueEmail('robin');
    const { mail, token } = await inviteAndReceive(a, email, 'operator', 'See you Monday');
    expect(mail.subject).toBe(`${a.admin.email} invited you to join Harbor Supply on Quantics`);
    expect(mail.text).toContain('as Operator');
    expect(mail.text).toContain('See you Monday');
    expect(mail.text).toContain('7 days');
    expect(mail.html).toContain('Accept invitation');

    const shown = await info(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      company: 'Harbor Supply',
      role: 'operator',
      email,
      name: 'Robin Vale',
      inviter_name: a.admin.email,
      message: 'See you Monday',
      has_account: false,
    });

    const res = await accept({ token, name: 'Robin Vale', password: 'counting-stock' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      email,
      name: 'Robin Vale',
      role: 'operator',
      company: 'Harbor Supply',
      company_id: a.companyId,
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.token) });
    expect(me.json()).toEqual(body.user);

    // Signs in later with that password, into that company.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'counting-stock' },
    });
    expect(login.json().user).toMatchObject({ company_id: a.companyId, role: 'operator' });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/team/members',
      headers: bearer(a.admin.token),
    });
    const rows = (list.json() as TTeamMember[]).filter((m) => m.email === email);
    expect(rows).toEqual([expect.objectContaining({ kind: 'member', status: 'active', role: 'operator' })]);

    // Single use.
    expect((await info(token)).statusCode).toBe(404);
    const again = await accept({ token, name: 'Robin Vale', password: 'counting-stock' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'This invitation link is invalid or has already been used' });
  });

  it('needs a name and an 8-character password, and creates nothing without them', async () => {
    const a = await createTenant(t, 'Rules Co');
    const email = uniqueEmail('rules');
    const { token } = await inviteAndReceive(a, email);
    const cases: [object, string][] = [
      [{ token, password: 'counting-stock' }, 'Name is required'],
      [{ token, name: 'Robin' }, 'Password is required'],
      [{ token, name: 'Robin', password: 'short' }, 'Password must be at least 8 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await accept(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await info(token)).statusCode).toBe(200);
  });

  it('cannot use an unknown token', async () => {
    expect((await info('made-up-token')).statusCode).toBe(404);
    const res = await accept({ token: 'made-up-token', name: 'X', password: 'counting-stock' });
    expect(res.statusCode).toBe(404);
  });
});

describe('someone who already has an account', () => {
  it('is asked to sign in, then accepts with their session and is moved into the company', async () => {
    const a = await createTenant(t, 'Joining Co');
    const existing = await registerUser(t.app, { company: 'Home Co' });
    const { token } = await inviteAndReceive(a, existing.user.email, 'member');
    expect((await info(token)).json().has_account).toBe(true);

    const anonymous = await accept({ token, name: 'Somebody' });
    expect(anonymous.statusCode).toBe(409);
    expect(anonymous.json()).toEqual({
      message: 'An account with this email already exists. Sign in to accept the invitation.',
    });
    // Someone holding the link but not the account's password gets nowhere.
    const takeover = await accept({ token, name: 'Somebody', password: 'takeover-attempt' });
    expect(takeover.statusCode).toBe(401);
    expect(takeover.json()).toEqual({ message: 'Invalid credentials' });
    expect((await info(token)).statusCode).toBe(200);

    const stranger = await registerUser(t.app);
    const wrong = await accept({ token }, stranger.token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'This invitation was sent to a different email address' });

    const res = await accept({ token }, existing.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ company_id: a.companyId, role: 'member' });
    // The old session is replaced by one in the new company.
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(existing.token) });
    expect(old.statusCode).toBe(401);

    const companies = await t.app.inject({
      method: 'GET',
      url: '/api/team/companies',
      headers: bearer(res.json().token),
    });
    expect(companies.json()).toEqual([
      { id: existing.user.company_id, name: 'Home Co', role: 'admin', is_current: false },
      { id: a.companyId, name: 'Joining Co', role: 'member', is_current: true },
    ]);
  });
});

describe('expiry and resending', () => {
  it('an expired link stops working, shows inactive, and a resend mails a new link that works', async () => {
    const a = await createTenant(t, 'Expiry Co');
    const email = uniqueEmail('expired');
    const { invitation, token } = await inviteAndReceive(a, email, 'member');
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitations.id, invitation.id));

    const expired = await info(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      message: 'This invitation has expired. Ask an admin of the company to resend it.',
    });
    expect((await accept({ token, name: 'Late', password: 'counting-stock' })).statusCode).toBe(410);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/team/members',
      headers: bearer(a.admin.token),
    });
    expect((list.json() as TTeamMember[]).find((m) => m.email === email)?.status).toBe('inactive');

    const before = t.smtp.received.length;
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/team/resend-invite/${invitation.id}`,
      headers: bearer(a.admin.token),
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().status).toBe('pending');
    const second = await t.smtp.waitFor((m) => m.to.includes(email) && t.smtp.received.indexOf(m) >= before);
    const newToken = tokenOf(second);
    expect(newToken).not.toBe(token);
    expect((await info(token)).statusCode).toBe(404);
    const ok = await accept({ token: newToken, name: 'On Time', password: 'counting-stock' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ company_id: a.companyId, role: 'member', name: 'On Time' });
  });

  it('a revoked invitation link no longer works', async () => {
    const a = await createTenant(t, 'Revoke Co');
    const { invitation, token } = await inviteAndReceive(a, uniqueEmail('revoked'));
    await t.app.inject({
      method: 'DELETE',
      url: `/api/team/invitations/${invitation.id}`,
      headers: bearer(a.admin.token),
    });
    expect((await info(token)).statusCode).toBe(404);
  });
});

describe('someone who belongs to no company any more', () => {
  it('cannot sign in, but accepts a new invitation with their password and is in again', async () => {
    const a = await createTenant(t, 'Rehire Co');
    const b = await createTenant(t, 'Next Co');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/team/members/${a.member.userId}`,
      headers: bearer(a.admin.token),
    });
    expect(removed.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.member.email, password: PERSON_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toContain('Open an invitation link');

    const { token } = await inviteAndReceive(b, a.member.email, 'operator');
    const res = await accept({ token, password: PERSON_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: a.member.email,
      company_id: b.companyId,
      role: 'operator',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(res.json().token) });
    expect(me.json()).toMatchObject({ company: 'Next Co', role: 'operator' });
    // The link is spent.
    expect((await accept({ token, password: PERSON_PASSWORD })).statusCode).toBe(404);
  });
});

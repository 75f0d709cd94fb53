import { SECURITY_MESSAGES } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { onlineUtility, utilityToken } from '../../test/print-utility.ts';
import { pairReader } from '../../test/readers.ts';
import { enableTwoFactor, requireTwoFactor, signIn } from '../../test/security-helpers.ts';
import { addPerson, createTenant, PERSON_PASSWORD } from '../../test/tenants.ts';
import { createMailTestApp, type MailTestApp } from '../../test/test-app.ts';
import { totp } from '../../test/totp.ts';

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const REFUSED = { message: SECURITY_MESSAGES.twoFactorRequired, code: 'two_factor_required' };

describe('requiring two-factor for a company', () => {
  it('is refused while the admin lacks two-factor, then turned on, shown and logged', async () => {
    const a = await createTenant(t, 'Policy Strict Co');
    const url = `/api/companies/${a.companyId}`;
    const refused = await call(a.admin.token, 'PUT', url, { require_two_factor: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SECURITY_MESSAGES.ownTwoFactorFirst);
    expect((await call(a.admin.token, 'GET', '/api/companies/current')).json().require_two_factor).toBe(
      false,
    );

    await enableTwoFactor(t, a.admin.token);
    const on = await call(a.admin.token, 'PUT', url, { require_two_factor: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ name: 'Policy Strict Co', require_two_factor: true });
    expect((await call(a.admin.token, 'GET', '/api/companies/current')).json().require_two_factor).toBe(true);
    // A rename alone leaves the policy as it is.
    const renamed = await call(a.admin.token, 'PUT', url, { name: 'Policy Strict Ltd' });
    expect(renamed.json()).toMatchObject({ name: 'Policy Strict Ltd', require_two_factor: true });
    // Operators neither.
    expect((await call(a.operator.token, 'PUT', url, { require_two_factor: false })).statusCode).toBe(403);

    const log = await call(a.admin.token, 'GET', '/api/reports/security-log.csv');
    expect(log.body).toContain('security.policy_changed');
    expect(log.body).toContain('now requires two-factor authentication for everyone');
  });

  it('lets a member without it sign in and set it up, and nothing else until then', async () => {
    const a = await createTenant(t, 'Setup Co');
    await requireTwoFactor(t, a.companyId);
    const login = await signIn(t, a.member.email, PERSON_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.json().user.must_set_up_two_factor).toBe(true);
    const token = login.json().token as string;

    for (const [method, url] of [
      ['GET', '/api/inventory'],
      ['GET', '/api/stats/dashboard'],
      ['GET', '/api/settings/sessions'],
      ['PUT', '/api/settings/password'],
    ] as const) {
      const res = await call(token, method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual(REFUSED);
    }
    expect((await call(token, 'GET', '/api/auth/me')).json().must_set_up_two_factor).toBe(true);
    expect((await call(token, 'GET', '/api/settings/2fa/status')).json().enabled).toBe(false);

    await enableTwoFactor(t, token);
    expect((await call(token, 'GET', '/api/inventory')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/api/auth/me')).json().must_set_up_two_factor).toBe(false);
  });

  it('leaves another company that does not require it as it was: switching there works', async () => {
    const strict = await createTenant(t, 'Switch Strict Co');
    const relaxed = await createTenant(t, 'Switch Relaxed Co');
    await requireTwoFactor(t, strict.companyId);
    // The relaxed company's member is also a member of the strict one, which their sign-in lands in.
    await t.database.db.execute(
      `insert into memberships (user_id, company_id, role) values (${relaxed.member.userId}, ${strict.companyId}, 'member')`,
    );
    await t.database.db.execute(
      `update users set default_company_id = ${strict.companyId} where id = ${relaxed.member.userId}`,
    );
    const token = (await signIn(t, relaxed.member.email, PERSON_PASSWORD)).json().token as string;
    expect((await call(token, 'GET', '/api/inventory')).statusCode).toBe(403);
    const companies = await call(token, 'GET', '/api/team/companies');
    expect(companies.statusCode).toBe(200);
    const moved = await call(token, 'POST', '/api/team/switch-company', { companyId: relaxed.companyId });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().user.must_set_up_two_factor).toBe(false);
    expect((await call(moved.json().token, 'GET', '/api/inventory')).statusCode).toBe(200);
  });

  it('keeps readers and signed-in print utilities working, and refuses a new utility sign-in with the same message', async () => {
    const a = await createTenant(t, 'Devices Strict Co');
    const reader = await pairReader(t, a);
    const utility = await utilityToken(t.app, a.operator.token);
    await requireTwoFactor(t, a.companyId);

    const heartbeat = await t.app.inject({
      method: 'POST',
      url: '/api/rfid/heartbeat',
      headers: bearer(reader.token),
      payload: { battery_level: 80, signal_strength: 3 },
    });
    expect(heartbeat.statusCode).toBeLessThan(300);
    // The utility connects with its own credential and is welcomed as before.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const online = await onlineUtility(t.app, utility);
    await online.close();
    // Signing it out (its one HTTP call besides the socket) still works.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/print/agent/logout',
      headers: bearer(utility),
    });
    expect(out.statusCode).toBe(200);

    // What the print utility does to sign in: the person's password, then trade the session for a utility token.
    const session = (await signIn(t, a.operator.email, PERSON_PASSWORD)).json().token as string;
    const refused = await call(session, 'POST', '/api/print/agents', { name: 'Back office PC' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REFUSED);
  });

  it('says so in invitations to such a company (email and accept page)', async () => {
    const a = await createTenant(t, 'Invite Strict Co');
    await requireTwoFactor(t, a.companyId);
    const email = `strict-invitee-${Date.now()}@example.com`;
    await enableTwoFactor(t, a.admin.token);
    const invite = await call(a.admin.token, 'POST', '/api/team/invite', {
      email,
      name: 'Ivy',
      role: 'member',
    });
    expect(invite.statusCode).toBe(201);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email));
    expect(mail.text).toContain('Invite Strict Co requires two-factor authentication');
    const token = new URL(/https?:\/\/\S+accept-invite\S+/.exec(mail.text)?.[0] ?? '').searchParams.get(
      'token',
    );
    const info = await t.app.inject({ url: `/api/team/invite-info?token=${token}` });
    expect(info.json().requires_two_factor).toBe(true);
  });

  it('reminds members without it by email; none left is a 409', async () => {
    const a = await createTenant(t, 'Remind Co');
    await enableTwoFactor(t, a.admin.token);
    const res = await call(a.admin.token, 'POST', '/api/team/two-factor-reminders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 2, message: 'Reminder sent to 2 members' });
    const mail = await t.smtp.waitFor((m) => m.to.includes(a.member.email));
    expect(mail.subject).toBe('Set up two-factor authentication for Remind Co');
    expect(mail.text).toContain('/settings?tab=security');
    expect(t.smtp.received.some((m) => m.to.includes(a.admin.email) && m.subject.startsWith('Set up'))).toBe(
      false,
    );
    const team = (await call(a.admin.token, 'GET', '/api/team/members')).json() as {
      id: number;
      two_factor_enabled: boolean | null;
    }[];
    expect(team.find((m) => m.id === a.admin.userId)?.two_factor_enabled).toBe(true);
    expect(team.find((m) => m.id === a.member.userId)?.two_factor_enabled).toBe(false);

    const lone = await createTenant(t, 'Lone Co');
    await enableTwoFactor(t, lone.admin.token);
    for (const p of [lone.operator, lone.member]) await enableTwoFactor(t, p.token);
    const none = await call(lone.admin.token, 'POST', '/api/team/two-factor-reminders');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(SECURITY_MESSAGES.noOneToRemind);
  });

  it('refuses bad policy bodies without changing anything', async () => {
    const a = await createTenant(t, 'Bad Body Co');
    const url = `/api/companies/${a.companyId}`;
    const notBoolean = 'require_two_factor must be true or false';
    const cases: [object, string][] = [
      [{}, SECURITY_MESSAGES.companyUpdateEmpty],
      [{ require_two_factor: 'yes' }, notBoolean],
      [{ require_two_factor: null }, notBoolean],
    ];
    for (const [payload, message] of cases) {
      const res = await call(a.admin.token, 'PUT', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call(a.admin.token, 'GET', '/api/companies/current')).json()).toMatchObject({
      name: 'Bad Body Co',
      require_two_factor: false,
    });
  });

  it('asks for the code of a person who has two-factor, as before', async () => {
    const a = await createTenant(t, 'Code Co');
    const extra = await addPerson(t, a.companyId, 'member', 'Code Person');
    const secret = await enableTwoFactor(t, extra.token);
    await requireTwoFactor(t, a.companyId);
    expect((await signIn(t, extra.email, PERSON_PASSWORD)).json().requiresTwoFactor).toBe(true);
    const done = await signIn(t, extra.email, PERSON_PASSWORD, {
      code: totp(secret, Math.floor(Date.now() / 30_000) + 1),
    });
    expect(done.json().user.must_set_up_two_factor).toBe(false);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, memberships, users } from '../../db/schema/index.ts';
import { bearer, registerUser, uniqueEmail } from '../../test/factories.ts';
import { createMailTestApp, type MailTestApp } from '../../test/test-app.ts';
import { startSession } from '../auth/auth.service.ts';

let t: MailTestApp;
beforeAll(async () => {
  t = await createMailTestApp();
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
const put = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });

/** A second person in the admin's company with `role`, signed in there. */
async function colleague(companyId: number, role: 'operator' | 'member') {
  const account = await registerUser(t.app, { company: 'Their Own Co' });
  await t.database.db.insert(memberships).values({ userId: account.user.id, companyId, role });
  return { ...account, token: await startSession(t.database.db, account.user.id, companyId) };
}

describe('profile', () => {
  it('shows name, email, phone, the current company and the theme', async () => {
    const { token, user } = await registerUser(t.app, { company: 'Harbor Supply' });
    const res = await get('/api/settings/profile', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: '',
      email: user.email,
      phone: '',
      company: 'Harbor Supply',
      canEditCompany: true,
      theme: 'system',
    });
  });

  it('saves name, email and phone; the new email signs in and the old address hears about it', async () => {
    const account = await registerUser(t.app, { company: 'Harbor Supply' });
    const newEmail = uniqueEmail('renamed');
    const res = await put('/api/settings/profile', account.token, {
      name: '  Dana Reyes ',
      email: newEmail.toUpperCase(),
      phone: '+1 (555) 010-2000',
      company: 'Harbor Supply',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Dana Reyes', email: newEmail, phone: '+1 (555) 010-2000' });
    const me = await get('/api/auth/me', account.token);
    expect(me.json()).toMatchObject({ name: 'Dana Reyes', email: newEmail });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: newEmail, password: account.password },
    });
    expect(login.statusCode).toBe(200);
    const notice = await t.smtp.waitFor((m) => m.to.includes(account.user.email));
    expect(notice.subject).toBe('Your Quantics sign-in email was changed');
    expect(notice.text).toContain(newEmail);
  });

  it('refuses an email another account has, whatever its case', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await put('/api/settings/profile', a.token, {
      name: 'Ann',
      email: b.user.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This email is already used by another account' });
    expect((await get('/api/auth/me', a.token)).json().email).toBe(a.user.email);
  });

  it('requires name and email', async () => {
    const { token, user } = await registerUser(t.app);
    const res = await put('/api/settings/profile', token, { name: ' ', email: user.email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Name and email are required', field: 'name' });
  });

  it('lets an admin rename the company, but not to nothing', async () => {
    const { token, user } = await registerUser(t.app, { company: 'Old Name' });
    const blank = await put('/api/settings/profile', token, { name: 'Ann', email: user.email, company: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'Company name is required' });
    const res = await put('/api/settings/profile', token, {
      name: 'Ann',
      email: user.email,
      company: 'New Name',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, user.company_id));
    expect(row?.name).toBe('New Name');
    expect((await get('/api/auth/me', token)).json().company).toBe('New Name');
    // Renamed here or on the Company page, the company's activity log says so.
    const activity = (await get('/api/stats/activity', token)).json();
    expect(JSON.stringify(activity)).toContain('renamed the company from Old Name to New Name');
  });

  it('shows others the company read-only and refuses their renames with 403', async () => {
    const admin = await registerUser(t.app, { company: 'Kept Name' });
    for (const role of ['operator', 'member'] as const) {
      const person = await colleague(admin.user.company_id, role);
      const profile = await get('/api/settings/profile', person.token);
      expect(profile.json()).toMatchObject({ company: 'Kept Name', canEditCompany: false });
      const same = await put('/api/settings/profile', person.token, {
        name: 'Sam',
        email: person.user.email,
        company: 'Kept Name',
      });
      expect(same.statusCode, same.body).toBe(200);
      const rename = await put('/api/settings/profile', person.token, {
        name: 'Sam',
        email: person.user.email,
        company: 'Hijacked',
      });
      expect(rename.statusCode).toBe(403);
      expect(rename.json()).toEqual({ message: 'Only admins can change the company name' });
    }
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, admin.user.company_id));
    expect(row?.name).toBe('Kept Name');
  });
});

describe('every role reaches its own settings', () => {
  it.each(['operator', 'member'] as const)('a %s can read and change their own account', async (role) => {
    const admin = await registerUser(t.app);
    const person = await colleague(admin.user.company_id, role);
    for (const url of [
      '/api/settings/profile',
      '/api/settings/2fa/status',
      '/api/settings/onboarding/status',
    ]) {
      expect((await get(url, person.token)).statusCode, url).toBe(200);
    }
    expect((await put('/api/settings/appearance', person.token, { theme: 'dark' })).statusCode).toBe(200);
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/settings/2fa/setup',
      headers: bearer(person.token),
    });
    expect(setup.statusCode).toBe(200);
  });

  it('needs a sign-in', async () => {
    expect((await t.app.inject({ url: '/api/settings/profile' })).statusCode).toBe(401);
  });
});

describe('PUT /api/settings/password', () => {
  it('answers 400, not 401, for a wrong current password', async () => {
    const { token } = await registerUser(t.app);
    const res = await put('/api/settings/password', token, {
      currentPassword: 'not-it-at-all',
      newPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Current password is incorrect' });
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);
  });

  it('uses the spec messages for missing and short passwords', async () => {
    const { token, password } = await registerUser(t.app);
    const missing = await put('/api/settings/password', token, {
      currentPassword: password,
      newPassword: '',
    });
    expect(missing.json()).toEqual({ message: 'All password fields are required', field: 'newPassword' });
    const short = await put('/api/settings/password', token, {
      currentPassword: password,
      newPassword: 'short',
    });
    expect(short.json()).toEqual({
      message: 'Password must be at least 8 characters long',
      field: 'newPassword',
    });
  });

  it('keeps this session, signs out the others, and mails a notice', async () => {
    const account = await registerUser(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.user.email, password: account.password },
    });
    const res = await put('/api/settings/password', account.token, {
      currentPassword: account.password,
      newPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/api/auth/me', account.token)).statusCode).toBe(200);
    expect((await get('/api/auth/me', other.json().token)).statusCode).toBe(401);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.user.email, password: 'brand-new-pass' },
    });
    expect(relogin.statusCode).toBe(200);
    const notice = await t.smtp.waitFor(
      (m) => m.to.includes(account.user.email) && m.subject === 'Your Quantics password was changed',
    );
    expect(notice.html).toContain('Your password was changed');
  });

  it('locks after 10 wrong current passwords', async () => {
    const { token, password } = await registerUser(t.app);
    for (let i = 0; i < 10; i++) {
      await put('/api/settings/password', token, {
        currentPassword: `wrong-${i}`,
        newPassword: 'brand-new-pass',
      });
    }
    const res = await put('/api/settings/password', token, {
      currentPassword: password,
      newPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many failed attempts. Please try again later.' });
  });
});

describe('appearance', () => {
  it('keeps the theme per user', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await put('/api/settings/appearance', a.token, { theme: 'dark' });
    expect(res.json()).toEqual({ theme: 'dark' });
    expect((await get('/api/settings/profile', a.token)).json().theme).toBe('dark');
    expect((await get('/api/settings/profile', b.token)).json().theme).toBe('system');
    const bad = await put('/api/settings/appearance', a.token, { theme: 'sepia' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Theme must be light, dark or system', field: 'theme' });
  });
});

describe('onboarding', () => {
  it('starts incomplete and stays complete once completed', async () => {
    const { token, user } = await registerUser(t.app);
    expect((await get('/api/settings/onboarding/status', token)).json()).toEqual({ completed: false });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/settings/onboarding/complete',
      headers: bearer(token),
    });
    expect(done.json()).toEqual({ completed: true });
    const [first] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    await t.app.inject({ method: 'POST', url: '/api/settings/onboarding/complete', headers: bearer(token) });
    const [second] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(second?.onboardingCompletedAt).toEqual(first?.onboardingCompletedAt);
    expect((await get('/api/settings/onboarding/status', token)).json()).toEqual({ completed: true });
  });
});

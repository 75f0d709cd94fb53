import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema/index.ts';
import { bearer, registerUser, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/register', () => {
  it('creates the company, makes the registrant its admin and signs them in', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `  ${email.toUpperCase()} `, password: 'secret1', company: 'Green Leaf Supply' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      email,
      role: 'admin',
      company: 'Green Leaf Supply',
      inventory_type: 'manual',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);
  });

  it('names the company after the email domain when none is given', async () => {
    const res = await registerUser(t.app, { email: 'owner@northwind.io', company: '' });
    expect(res.user.company).toBe('northwind.io');
  });

  it('stores the password only as an argon2id hash', async () => {
    const { user } = await registerUser(t.app, { password: 'plain-text-pw' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('plain-text-pw');
  });

  it('keeps a Dutchie key encrypted at rest and never returns it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: uniqueEmail(),
        password: 'secret1',
        useDutchie: true,
        dutchieApiKey: 'dk_live_123456',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('dk_live_123456');
    const { user } = res.json();
    expect(user.inventory_type).toBe('dutchie');
    const [company] = await t.database.db.select().from(companies).where(eq(companies.id, user.company_id));
    expect(company?.dutchieApiKeyEnc).toBeTruthy();
    expect(company?.dutchieApiKeyEnc).not.toContain('dk_live_123456');
    expect(t.app.box.open(company?.dutchieApiKeyEnc ?? '')).toBe('dk_live_123456');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(res.json().token) });
    expect(me.body).not.toContain('dk_live');
  });

  it('requires the key when Dutchie is chosen', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: 'secret1', useDutchie: true, dutchieApiKey: ' ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Dutchie API key is required when using Dutchie integration',
      field: 'dutchieApiKey',
    });
  });

  it('answers 409 for an email that is taken, whatever its case', async () => {
    const { user } = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: user.email.toUpperCase(), password: 'secret1' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it('enforces the 6-character minimum', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: '12345' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Password must be at least 6 characters', field: 'password' });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, answering requiresTwoFactor false', async () => {
    const { user, password } = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ requiresTwoFactor: false, user: { id: user.id, role: 'admin' } });
    expect(res.json().token).toEqual(expect.any(String));
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { user } = await registerUser(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@nowhere.example', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid credentials' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers the spec messages for missing fields', async () => {
    const noEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { password: 'x' },
    });
    expect(noEmail.json()).toEqual({ message: 'Email is required', field: 'email' });
    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: '' },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ message: 'Password is required', field: 'password' });
  });
});

describe('sessions', () => {
  it('logout revokes the token for real', async () => {
    const { token } = await registerUser(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: 'Authentication required' });
  });

  it('rejects missing and made-up tokens', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    const fake = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('made-up') });
    expect(fake.statusCode).toBe(401);
  });

  it('keeps other sessions alive when one logs out', async () => {
    const { token, user, password } = await registerUser(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(login.json().token) });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
  });
});

describe('system routes', () => {
  it('reports health once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/waitlist']));
    expect(
      doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('dutchieApiKey');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

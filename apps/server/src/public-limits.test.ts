import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';

/** Every POST that needs no sign-in, with the body shape it takes (the limit counts whatever the body). */
const PUBLIC_POSTS = [
  '/api/waitlist',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/team/accept-invite',
  '/api/rfid/register/start',
  '/api/rfid/register/poll',
  '/api/print/agent/logout',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    waitlistRateLimit: 2,
    signupRateLimit: 2,
    publicRateLimit: 2,
    pairingRateLimit: 2,
    pairingPollRateLimit: 2,
  });
});
afterAll(async () => t?.close());

describe('limits on unauthenticated calls', () => {
  it('answers 429 to one client address past the limit of every public POST, and not to another address', async () => {
    for (const url of PUBLIC_POSTS) {
      const call = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url, remoteAddress, payload: {} });
      const statuses = [(await call('10.1.0.1')).statusCode, (await call('10.1.0.1')).statusCode];
      expect(statuses, url).not.toContain(429);
      const third = await call('10.1.0.1');
      expect([url, third.statusCode, third.json()]).toEqual([
        url,
        429,
        { message: 'Too many requests. Please try again later.' },
      ]);
      expect((await call('10.1.0.2')).statusCode, url).not.toBe(429);
    }
  });

  // Sign-in is limited by its failures instead (AUTH_FAILURE_LIMIT, AUTH_FAILURE_LIMIT_PER_IP; login-limits.test.ts).
});

describe('over-long fields', () => {
  const long = 'x'.repeat(100_000);
  const cases: [url: string, body: Record<string, unknown>, message: string, field: string][] = [
    ['/api/auth/login', { email: long, password: 'pw' }, 'Email must be at most 255 characters', 'email'],
    [
      '/api/auth/login',
      { email: 'a@example.com', password: 'pw', twoFactorCode: long },
      '2FA code must be at most 20 characters',
      'twoFactorCode',
    ],
    [
      '/api/auth/register',
      { email: `${long}@example.com`, password: 'secret1' },
      'Email must be at most 255 characters',
      'email',
    ],
    [
      '/api/auth/register',
      { email: 'a@example.com', password: long },
      'Password must be at most 200 characters',
      'password',
    ],
    [
      '/api/auth/register',
      { email: 'a@example.com', password: 'secret1', company: long },
      'Company must be at most 255 characters',
      'company',
    ],
    [
      '/api/auth/register',
      { email: 'a@example.com', password: 'secret1', useDutchie: true, dutchieApiKey: long },
      'Dutchie API key is too long',
      'dutchieApiKey',
    ],
    ['/api/auth/forgot-password', { email: long }, 'Email must be at most 255 characters', 'email'],
    [
      '/api/auth/reset-password',
      { token: 'abc', password: long },
      'Password must be at most 200 characters',
      'password',
    ],
    ['/api/team/accept-invite', { token: 'abc', name: long }, 'Name must be at most 100 characters', 'name'],
    [
      '/api/team/accept-invite',
      { token: 'abc', password: long },
      'Password must be at most 200 characters',
      'password',
    ],
    [
      '/api/team/accept-invite',
      { token: 'abc', twoFactorCode: long },
      '2FA code must be at most 20 characters',
      'twoFactorCode',
    ],
    [
      '/api/rfid/register/start',
      { serial_number: long },
      'Serial number must be at most 100 characters',
      'serial_number',
    ],
    [
      '/api/rfid/register/start',
      { serial_number: 'RFD-1', model: long },
      'Model must be at most 100 characters',
      'model',
    ],
    [
      '/api/rfid/register/start',
      { serial_number: 'RFD-1', firmware: long },
      'Firmware must be at most 100 characters',
      'firmware',
    ],
    [
      '/api/rfid/register/poll',
      { pairing_id: '00000000-0000-4000-8000-000000000000', poll_secret: long },
      'poll_secret must be at most 200 characters',
      'poll_secret',
    ],
  ];

  let client = 0;
  it.each(cases)('%s says what is too long (%#)', async (url, payload, message, field) => {
    client += 1;
    const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.2.0.${client}` });
    expect([res.statusCode, res.json()]).toEqual([400, { message, field }]);
  });
});

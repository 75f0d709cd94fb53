import { READER_MESSAGES } from '@quantics/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicePairings, deviceTokens } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { asReader, pairReader, uniqueSerial } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp({ authFailureLimit: 3, authFailureLimitPerIp: 100 });
  a = await createTenant(t, 'Pairing Co');
});
afterAll(() => t.close());

const start = (serial = uniqueSerial()) =>
  t.app.inject({ method: 'POST', url: '/api/rfid/register/start', payload: { serial_number: serial } });
const confirm = (token: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/rfid/register/confirm',
    headers: bearer(token),
    payload: { code },
  });
const poll = (p: { pairing_id: string; poll_secret: string }) =>
  t.app.inject({ method: 'POST', url: '/api/rfid/register/poll', payload: p });
/** Lets the next poll through without waiting the interval. */
const rewindPoll = (id: string) =>
  t.database.db
    .update(devicePairings)
    .set({ lastPolledAt: sql`now() - interval '1 hour'` })
    .where(eq(devicePairings.id, id));

describe('pairing (device authorization grant)', () => {
  it('starts with a 6-digit code, stays pending, pairs once, then answers 410', async () => {
    const s = await start('SN-FLOW-1');
    expect(s.statusCode).toBe(201);
    const body = s.json();
    expect(body).toMatchObject({ expires_in: 300, interval: 5 });
    expect(body.code).toMatch(/^\d{6}$/);
    const creds = { pairing_id: body.pairing_id, poll_secret: body.poll_secret };

    const pending = await poll(creds);
    expect([pending.statusCode, pending.json()]).toEqual([202, { status: 'pending', interval: 5 }]);
    // Faster than the interval: slow down.
    const fast = await poll(creds);
    expect(fast.statusCode).toBe(429);
    expect(fast.json()).toEqual({ message: READER_MESSAGES.pollTooFast, interval: 5 });

    const ok = await confirm(a.operator.token, body.code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      device: { serial_number: 'SN-FLOW-1', status: 'offline', is_paired: false },
    });

    await rewindPoll(body.pairing_id);
    const paired = await poll(creds);
    expect(paired.statusCode).toBe(200);
    expect(paired.json()).toMatchObject({
      status: 'paired',
      device_id: ok.json().device.id,
      company_name: 'Pairing Co',
    });
    const token = paired.json().device_token as string;
    // Stored only as a hash.
    const stored = await t.database.db.select().from(deviceTokens);
    expect(JSON.stringify(stored)).not.toContain(token);

    await rewindPoll(body.pairing_id);
    const again = await poll(creds);
    expect([again.statusCode, again.json().message]).toEqual([410, READER_MESSAGES.pairingUsed]);
    // The code is spent.
    expect((await confirm(a.operator.token, body.code)).statusCode).toBe(400);
    const hb = await asReader(t, token, '/api/rfid/heartbeat', { battery_level: 80, signal_strength: 3 });
    expect(hb.json()).toMatchObject({ status: 'online' });
  });

  it('refuses a wrong poll secret like an unknown pairing', async () => {
    const body = (await start()).json();
    const res = await poll({ pairing_id: body.pairing_id, poll_secret: 'not-it' });
    expect([res.statusCode, res.json().message]).toEqual([404, READER_MESSAGES.pairingNotFound]);
  });

  it('expires after 5 minutes: 410 on poll, 400 on confirm', async () => {
    const body = (await start()).json();
    await t.database.db
      .update(devicePairings)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(devicePairings.id, body.pairing_id));
    const res = await poll({ pairing_id: body.pairing_id, poll_secret: body.poll_secret });
    expect([res.statusCode, res.json().message]).toEqual([410, READER_MESSAGES.pairingExpired]);
    const c = await confirm(a.operator.token, body.code);
    expect(c.statusCode).toBe(400);
    expect(c.json()).toMatchObject({ success: false });
  });

  it('gives live pairings distinct codes', async () => {
    const codes = await Promise.all(Array.from({ length: 30 }, async () => (await start()).json().code));
    expect(new Set(codes).size).toBe(30);
  });

  it('re-pairing a known serial number keeps the device, issues a new token and revokes the old one', async () => {
    const first = await pairReader(t, a, 'SN-REPAIR');
    const second = await pairReader(t, a, 'SN-REPAIR');
    expect(second.deviceId).toBe(first.deviceId);
    expect(second.token).not.toBe(first.token);
    const hb = { battery_level: 50, signal_strength: 2 };
    expect((await asReader(t, first.token, '/api/rfid/heartbeat', hb)).statusCode).toBe(401);
    expect((await asReader(t, second.token, '/api/rfid/heartbeat', hb)).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/devices', headers: bearer(a.admin.token) });
    const listed = list.json().filter((d: { serial_number: string }) => d.serial_number === 'SN-REPAIR');
    expect(listed).toHaveLength(1);
    // Paired still: its live token is the new one, whatever the ids of device and token.
    expect(listed[0]).toMatchObject({ is_paired: true });
  });

  it('pairs a device registered beforehand by its serial number', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: bearer(a.admin.token),
      payload: { name: 'Backroom reader', serial_number: 'SN-PRE' },
    });
    expect(made.statusCode).toBe(201);
    const r = await pairReader(t, a, 'SN-PRE');
    expect(r.deviceId).toBe(made.json().id);
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/devices/${r.deviceId}`,
      headers: bearer(a.admin.token),
    });
    expect(got.json()).toMatchObject({ name: 'Backroom reader', is_paired: true, model: 'Zebra RFD40' });
  });

  it('limits guessing like sign-in failures, even for the right code once locked', async () => {
    const b = await createTenant(t, 'Guesser Co');
    const body = (await start()).json();
    const wrong = body.code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 3; i++) {
      const res = await confirm(b.operator.token, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const locked = await confirm(b.operator.token, body.code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().success).toBe(false);
    // The pairing is untouched: another person can still confirm it.
    expect((await confirm(b.admin.token, body.code)).statusCode).toBe(200);
  });

  it('keeps device tokens and sessions apart', async () => {
    const r = await pairReader(t, a);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(r.token) });
    expect(me.statusCode).toBe(401);
    const devicesAsReader = await t.app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: bearer(r.token),
    });
    expect(devicesAsReader.statusCode).toBe(401);
    const hbAsUser = await asReader(t, a.admin.token, '/api/rfid/heartbeat', {
      battery_level: 1,
      signal_strength: 1,
    });
    expect([hbAsUser.statusCode, hbAsUser.json().message]).toEqual([
      401,
      READER_MESSAGES.deviceTokenRequired,
    ]);
  });
});

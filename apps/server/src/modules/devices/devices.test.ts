import { API_MESSAGES, DEVICE_MESSAGES, READER_MESSAGES } from '@quantics/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { asReader, pairReader } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Devices Co');
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = a.operator.token,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const heartbeat = (token: string, battery_level: number, signal_strength: number) =>
  asReader(t, token, '/api/rfid/heartbeat', { battery_level, signal_strength });

describe('devices', () => {
  it('registers by name and serial, lists, renames and refuses a serial twice', async () => {
    const made = await call('POST', '/api/devices', { name: ' Dock reader ', serial_number: 'SN-DOCK' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      name: 'Dock reader',
      serial_number: 'SN-DOCK',
      status: 'offline',
      battery_level: null,
      signal_strength: null,
      last_seen: null,
      is_paired: false,
    });
    const dup = await call('POST', '/api/devices', { name: 'Other', serial_number: 'SN-DOCK' });
    expect([dup.statusCode, dup.json().message]).toEqual([
      409,
      'A device with serial number SN-DOCK is already registered',
    ]);
    const renamed = await call('PUT', `/api/devices/${made.json().id}`, { name: 'Dock 2' });
    expect(renamed.json().name).toBe('Dock 2');
    const list = await call('GET', '/api/devices');
    expect(list.json().map((d: { name: string }) => d.name)).toContain('Dock 2');
    const empty = await call('PUT', `/api/devices/${made.json().id}`, { name: '  ' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, DEVICE_MESSAGES.nameRequired]);
  });

  it('derives status from heartbeats: online, warning on low battery or weak signal, offline after 2 minutes', async () => {
    const r = await pairReader(t, a);
    const status = async () => (await call('GET', `/api/devices/${r.deviceId}`)).json();
    expect((await heartbeat(r.token, 80, 3)).json()).toMatchObject({
      device_id: r.deviceId,
      status: 'online',
    });
    expect(await status()).toMatchObject({ status: 'online', battery_level: 80, signal_strength: 3 });
    expect((await heartbeat(r.token, 19, 4)).json().status).toBe('warning');
    expect((await heartbeat(r.token, 90, 1)).json().status).toBe('warning');
    expect((await status()).status).toBe('warning');
    await t.database.db
      .update(devices)
      .set({ lastSeen: sql`now() - interval '3 minutes'` })
      .where(eq(devices.id, r.deviceId));
    expect(await status()).toMatchObject({ status: 'offline', battery_level: 90 });
    const bad = await heartbeat(r.token, 101, 5);
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'battery_level must be a whole number from 0 to 100',
    ]);
  });

  it('deleting a device stops its token at once', async () => {
    const r = await pairReader(t, a);
    expect((await heartbeat(r.token, 50, 2)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/devices/${r.deviceId}`)).json()).toEqual({ success: true });
    const after = await heartbeat(r.token, 50, 2);
    expect([after.statusCode, after.json().message]).toEqual([401, READER_MESSAGES.deviceTokenRequired]);
    const gone = await call('GET', `/api/devices/${r.deviceId}`);
    expect([gone.statusCode, gone.json().message]).toEqual([404, DEVICE_MESSAGES.notFound]);
    const again = await call('DELETE', `/api/devices/${r.deviceId}`);
    expect([again.statusCode, again.json().message]).toEqual([404, DEVICE_MESSAGES.notFound]);
  });

  it('logs pairings with the device as performer and counts devices on the company card', async () => {
    const r = await pairReader(t, a, 'SN-LOGGED');
    const activity = await call('GET', '/api/stats/activity', undefined, a.member.token);
    expect(activity.json().recentActivity[0]).toMatchObject({
      type: 'device',
      performer_type: 'device',
      performer_name: 'Zebra RFD40 SN-LOGGED',
      message: 'Zebra RFD40 SN-LOGGED paired (confirmed by Devices Co Operator)',
    });
    const stats = await call('GET', `/api/companies/${a.companyId}/stats`);
    const listed = (await call('GET', '/api/devices')).json() as { id: number; serial_number: string }[];
    const n = listed.length;
    expect(stats.json().devices).toBe(n);
    expect(n).toBeGreaterThan(0);
    expect(r.deviceId).toBeGreaterThan(0);
    expect(listed.find((d) => d.id === r.deviceId)?.serial_number).toBe('SN-LOGGED');
  });

  it('keeps members away from devices', async () => {
    const res = await call('GET', '/api/devices', undefined, a.member.token);
    expect([res.statusCode, res.json().message]).toEqual([403, API_MESSAGES.operatorOnly]);
  });
});

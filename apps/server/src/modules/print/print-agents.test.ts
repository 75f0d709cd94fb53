import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, printAgents } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/crypto.ts';
import { bearer } from '../../test/factories.ts';
import { connectUtility, onlineUtility, socketUrl, utilityToken } from '../../test/print-utility.ts';
import { addPerson, createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await createTenant(t, 'Agent Co');
});
afterAll(() => t.close());

describe('utility tokens', () => {
  it('are given once, stored only as a hash, and recognisable', async () => {
    const token = await utilityToken(t.app, a.operator.token, 'Warehouse PC');
    expect(token).toMatch(/^qpu_[\w-]{40,}$/);
    const rows = await t.database.db
      .select()
      .from(printAgents)
      .where(eq(printAgents.userId, a.operator.userId));
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('open the socket; a missing, wrong or session token is refused before the upgrade', async () => {
    const u = await connectUtility(t.app, await utilityToken(t.app, a.operator.token));
    await u.close();
    for (const bad of ['', 'qpu_nope', a.operator.token]) {
      await expect(connectUtility(t.app, bad)).rejects.toThrow('HTTP 401');
    }
  });

  it('stop working once the utility signs out, on the socket and for logout itself', async () => {
    const token = await utilityToken(t.app, a.operator.token);
    const u = await onlineUtility(t.app, token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/print/agent/logout',
      headers: bearer(token),
    });
    expect(res.json()).toEqual({ success: true });
    await expect(connectUtility(t.app, token)).rejects.toThrow('HTTP 401');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/print/agent/logout',
      headers: bearer(token),
    });
    expect(again.json()).toEqual({ success: true });
    const none = await t.app.inject({ method: 'POST', url: '/api/print/agent/logout' });
    expect(none.statusCode).toBe(400);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/print/status',
      headers: bearer(a.operator.token),
    });
    expect(status.json().connected).toBe(false);
    await u.close();
  });

  it('stop working when their person leaves the company, and are refused to members', async () => {
    const leaver = await addPerson(t, a.companyId, 'operator', 'Leaver');
    const token = await utilityToken(t.app, leaver.token);
    await t.database.db.delete(memberships).where(eq(memberships.userId, leaver.userId));
    await expect(connectUtility(t.app, token)).rejects.toThrow('HTTP 401');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/print/agents',
      headers: bearer(a.member.token),
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("the portal's list of one's utilities", () => {
  it('lists them, and signing one out there ends its connection and its token', async () => {
    const token = await utilityToken(t.app, a.admin.token, 'Lost laptop');
    const u = await onlineUtility(t.app, token);
    const list = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/print/agents', headers: bearer(a.admin.token) })
      ).json();
    const [laptop] = await list();
    expect(laptop).toMatchObject({
      name: 'Lost laptop',
      hostname: 'test-host',
      version: 'test',
      connected: true,
    });
    const closed = new Promise<number>((resolve) => u.socket.once('close', (code) => resolve(code)));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/print/agents/${laptop.id}`,
      headers: bearer(a.admin.token),
    });
    expect(res.json()).toEqual({ success: true });
    expect(await list()).toEqual([]);
    // Its next status report (every 5 s) is answered by signing it out.
    u.send({ type: 'printers', printers: [] });
    expect((await u.next('error')).message).toMatch(/signed out/);
    expect(await closed).toBe(4001);
    await expect(connectUtility(t.app, token)).rejects.toThrow('HTTP 401');
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/print/agents/${laptop.id}`,
      headers: bearer(a.admin.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it("cannot touch a teammate's utility", async () => {
    const token = await utilityToken(t.app, a.operator.token, 'Operator PC');
    const theirs = (
      await t.app.inject({ method: 'GET', url: '/api/print/agents', headers: bearer(a.operator.token) })
    ).json() as { id: number; name: string }[];
    const id = theirs.find((x) => x.name === 'Operator PC')?.id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/print/agents/${id}`,
      headers: bearer(a.admin.token),
    });
    expect(res.statusCode).toBe(404);
    const u = await onlineUtility(t.app, token);
    await u.close();
  });
});

describe('the socket', () => {
  it('answers a plain HTTP request with 426 and a message', async () => {
    const res = await fetch(socketUrl(t.app).replace('ws:', 'http:'));
    expect(res.status).toBe(426);
    expect((await res.json()).message).toMatch(/Print Utility/);
  });

  it('answers unreadable messages with an error and keeps the connection', async () => {
    const u = await connectUtility(t.app, await utilityToken(t.app, a.operator.token));
    u.send({ type: 'printers', printers: 'none' });
    expect((await u.next('error')).message).toMatch(/^Unreadable message/);
    u.socket.send('not json');
    expect((await u.next('error')).message).toMatch(/^Unreadable message/);
    u.send({ type: 'hello', protocol: 1, agentVersion: '1.0.0', hostname: 'till\u0000' });
    expect((await u.next('error')).message).toBe(
      'Unreadable message: hostname contains a character that is not allowed (U+0000)',
    );
    u.send({ type: 'hello', protocol: 1, agentVersion: '1.0.0' });
    expect(await u.next('welcome')).toMatchObject({ protocol: 1, statusIntervalMs: 5000 });
    await u.close();
  });

  it('refuses a protocol older than it supports, and speaks its own version 2 to a newer utility', async () => {
    const old = await connectUtility(t.app, await utilityToken(t.app, a.operator.token));
    old.send({ type: 'hello', protocol: 0, agentVersion: '0.1' });
    expect((await old.next('error')).message).toMatch(/no longer supported/);
    const newer = await connectUtility(t.app, await utilityToken(t.app, a.operator.token));
    newer.send({ type: 'hello', protocol: 7, agentVersion: '9.0', futureField: true });
    expect((await newer.next('welcome')).protocol).toBe(2);
    await Promise.all([old.close(), newer.close()]);
  });
});

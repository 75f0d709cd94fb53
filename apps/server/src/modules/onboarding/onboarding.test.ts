import { randomUUID } from 'node:crypto';
import type { TOnboarding } from '@quantics/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, devices, invitations } from '../../db/schema/index.ts';
import { SIM_KEY } from '../../test/dutchie-sim.ts';
import { bearer } from '../../test/factories.ts';
import { asReader, completeShelfAudit, pairReader, uniqueSerial } from '../../test/readers.ts';
import { addPerson, createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function onboarding(token: string): Promise<TOnboarding> {
  const res = await call(token, 'GET', '/api/onboarding');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** Each step's key and whether it is done, in order. */
const doneOf = async (token: string) =>
  Object.fromEntries((await onboarding(token)).steps.map((s) => [s.key, s.done]));

let serial = 0;
const newTenant = () => createTenant(t, `Onboarding Co ${++serial}`);

describe('GET /api/onboarding', () => {
  it('a new catalogue company has five steps, none done, in order, each with its page', async () => {
    const solo = await soloCompany();
    expect(await onboarding(solo.token)).toEqual({
      steps: [
        { key: 'places', title: 'Add your places', done: false, href: '/locations' },
        { key: 'catalogue', title: 'Add your catalogue', done: false, href: '/inventory' },
        { key: 'reader', title: 'Set up a reader or a handheld', done: false, href: '/devices' },
        { key: 'count', title: 'Make your first count', done: false, href: '/count' },
        { key: 'team', title: 'Invite your team', done: false, href: '/team' },
      ],
      complete: false,
      dismissed_at: null,
    });
  });

  it('places: ticked by a location', async () => {
    const tenant = await newTenant();
    const res = await call(tenant.admin.token, 'POST', '/api/locations', { name: 'Main store' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await doneOf(tenant.member.token)).toMatchObject({
      places: true,
      catalogue: false,
      reader: false,
    });
  });

  it('catalogue: ticked by a product', async () => {
    const tenant = await newTenant();
    const res = await call(tenant.admin.token, 'POST', '/api/inventory', {
      name: 'Blue mug',
      sku: 'MUG1',
      quantity: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await doneOf(tenant.operator.token)).toMatchObject({ places: false, catalogue: true });
  });

  it('catalogue: a point-of-sale company connects Dutchie instead, and has no places step', async () => {
    const shop = await createTenant(t, 'Onboarding Dispensary', { useDutchie: true, dutchieApiKey: SIM_KEY });
    const steps = (await onboarding(shop.member.token)).steps;
    expect(steps.map((s) => s.key)).toEqual(['catalogue', 'reader', 'count', 'team']);
    expect(steps[0]).toEqual({ key: 'catalogue', title: 'Connect Dutchie', done: true, href: '/settings' });
  });

  it('reader: a handheld counts once paired, not while merely registered', async () => {
    const tenant = await newTenant();
    const created = await call(tenant.admin.token, 'POST', '/api/devices', {
      name: 'Back room RFD40',
      serial_number: uniqueSerial(),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await doneOf(tenant.member.token)).reader).toBe(false);
    await pairReader(t, tenant);
    expect((await doneOf(tenant.member.token)).reader).toBe(true);
  });

  it('reader: a browser set up on the Count screen', async () => {
    const tenant = await newTenant();
    const res = await call(tenant.operator.token, 'POST', '/api/devices/browser', { name: 'My phone' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await doneOf(tenant.member.token)).reader).toBe(true);
  });

  it('reader: a fixed reader once it has been heard from', async () => {
    const tenant = await newTenant();
    const res = await call(tenant.operator.token, 'POST', '/api/devices/fixed', {
      name: 'Dock door',
      serial_number: uniqueSerial('R700'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await doneOf(tenant.member.token)).reader).toBe(false);
    await t.database.db
      .update(devices)
      .set({ lastSeen: new Date() })
      .where(eq(devices.companyId, tenant.companyId));
    expect((await doneOf(tenant.member.token)).reader).toBe(true);
  });

  it('count: ticked by a completed count, not by one in progress', async () => {
    const tenant = await newTenant();
    const reader = await pairReader(t, tenant);
    const open = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      name: 'Still counting',
    });
    expect(open.statusCode, open.body).toBeLessThan(300);
    expect((await doneOf(tenant.member.token)).count).toBe(false);
    await completeShelfAudit(t, tenant, 'First count', 2, 2);
    expect(await doneOf(tenant.member.token)).toMatchObject({ count: true, reader: true });
  });

  it('team: an open invitation or a second member; an expired invitation alone is not a team', async () => {
    const solo = await soloCompany();
    expect((await doneOf(solo.token)).team).toBe(false);
    const invite = await call(solo.token, 'POST', '/api/team/invite', {
      email: `x${randomUUID()}@example.com`,
      role: 'member',
      name: 'New colleague',
    });
    expect(invite.statusCode, invite.body).toBeLessThan(300);
    expect((await doneOf(solo.token)).team).toBe(true);
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.companyId, solo.companyId));
    expect((await doneOf(solo.token)).team).toBe(false);
    await addPerson(t, solo.companyId, 'member');
    expect((await doneOf(solo.token)).team).toBe(true);
    // The tenant factory's company has three people.
    expect((await doneOf((await newTenant()).admin.token)).team).toBe(true);
  });

  it('complete once every step is done', async () => {
    const tenant = await newTenant();
    await call(tenant.admin.token, 'POST', '/api/locations', { name: 'Store' });
    await completeShelfAudit(t, tenant, 'Everything', 1, 1);
    const all = await onboarding(tenant.member.token);
    expect(all.steps.every((s) => s.done)).toBe(true);
    expect(all.complete).toBe(true);
  });
});

/** A company of one (its admin), signed up through the API. */
async function soloCompany() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email: `solo-${randomUUID()}@example.com`,
      password: 'secret12',
      company: 'Solo',
      useDutchie: false,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { token: res.json().token as string, companyId: res.json().user.company_id as number };
}

describe('POST /api/onboarding/dismiss', () => {
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    a = await newTenant();
    b = await newTenant();
  });

  it.each(['operator', 'member'] as const)('is refused to an %s, and changes nothing', async (role) => {
    const res = await call(a[role].token, 'POST', '/api/onboarding/dismiss');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toHaveProperty('message');
    expect((await onboarding(a.admin.token)).dismissed_at).toBeNull();
  });

  it('an admin hides the card for the whole company, once; the steps stay derived', async () => {
    const res = await call(a.admin.token, 'POST', '/api/onboarding/dismiss');
    expect(res.statusCode, res.body).toBe(200);
    const at = res.json().dismissed_at as string;
    expect(Date.parse(at)).not.toBeNaN();
    expect((await onboarding(a.member.token)).dismissed_at).toBe(at);
    const again = await call(a.admin.token, 'POST', '/api/onboarding/dismiss');
    expect(again.json().dismissed_at).toBe(at);
    expect((await onboarding(a.operator.token)).steps).toHaveLength(5);
  });

  it("leaves another company's card alone", async () => {
    await call(a.admin.token, 'POST', '/api/onboarding/dismiss');
    expect((await onboarding(b.admin.token)).dismissed_at).toBeNull();
    const [row] = await t.database.db
      .select({ at: companies.onboardingDismissedAt })
      .from(companies)
      .where(eq(companies.id, b.companyId));
    expect(row?.at).toBeNull();
  });

  it('bad input: a broken body is a 400 with a message and dismisses nothing; a stray body is ignored', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/dismiss',
      headers: { ...bearer(b.admin.token), 'content-type': 'application/json' },
      payload: '{"oops',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('message');
    expect((await onboarding(b.admin.token)).dismissed_at).toBeNull();
    const stray = await call(b.operator.token, 'POST', '/api/onboarding/dismiss', { steps: [] });
    expect(stray.statusCode).toBe(403);
    const query = await call(b.member.token, 'GET', '/api/onboarding?dismissed=1&steps=all');
    expect(query.statusCode).toBe(200);
    expect(query.json().dismissed_at).toBeNull();
  });

  it('without a session: 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/onboarding' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/onboarding/dismiss' })).statusCode).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import {
  REPORT_MESSAGES,
  type TActivityItem,
  type TCompany,
  type TTeamMember,
  type TUserCompany,
} from '@quantics/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUTCHIE_DEFAULTS } from '../config.ts';
import { invitations, memberships, sessions } from '../db/schema/index.ts';
import { multipartBody } from '../lib/multipart-body.ts';
import { recordSecurityEvent } from '../modules/activity/activity.service.ts';
import { ACCESS_POLICY } from '../plugins/access-policy.ts';
import { type DutchieSimProcess, startDutchieSim } from './dutchie-sim.ts';
import { bearer, uniqueEmail } from './factories.ts';
import { ALERTS_NOT_COMPANY_DATA, alertsProbes } from './isolation-alerts.ts';
import { apiKeyProbes } from './isolation-api-keys.ts';
import {
  type DutchieWorld,
  dutchieElsewhere,
  dutchieProbes,
  setupDutchieWorld,
} from './isolation-dutchie.ts';
import { fixedReaderProbes } from './isolation-impinj.ts';
import { metrcProbes } from './isolation-metrc.ts';
import { PRINT_NOT_COMPANY_DATA, printProbes, setUpPrinting } from './isolation-print.ts';
import { shipmentProbes } from './isolation-shipments.ts';
import { teamCountProbes } from './isolation-team-counts.ts';
import { zonesProbes } from './isolation-zones.ts';
import { reportPrinters, type UtilityClient } from './print-utility.ts';
import { addLocation, addProducts, type PairedReader, pairReader, readsOf } from './readers.ts';
import { linkIn } from './smtp.ts';
import { createTenant, type Tenant } from './tenants.ts';
import { createMailTestApp, type MailTestApp } from './test-app.ts';

/**
 * Two companies with the same kinds of objects (an admin, an operator, a member, a pending invitation, activity).
 * Company B's admin, the strongest caller there, goes after company A's objects through every route; each
 * attempt must find nothing (404, exactly as for an id that doesn't exist), change nothing, and no list or
 * count of B may include A. Every API route is either probed here or listed as holding no company data.
 */

type World = {
  a: Tenant;
  b: Tenant;
  aInvitationId: number;
  /** The secret from A's invitation email. */
  aInviteToken: string;
  aInviteEmail: string;
  bInviteEmail: string;
  /** A's product (SKU ISOA1, quantity 5, at aLocation) and location ('A store'). */
  aProductId: number;
  aReader: PairedReader;
  bReader: PairedReader;
  /** A completed audit of A's reader at A's location, with a shortage row. */
  aAuditId: number;
  aAuditClientId: string;
  aLocationId: number;
};
type Probe = (w: World) => Promise<void>;

/** A small EPCIS 2.0 document: one ObjectEvent stored at `place`. */
const epcisProbeDocument = (place: string) => ({
  '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
  type: 'EPCISDocument',
  schemaVersion: '2.0',
  creationDate: '2026-11-29T10:00:00Z',
  epcisBody: {
    eventList: [
      {
        type: 'ObjectEvent',
        eventTime: '2026-11-29T09:00:00Z',
        eventTimeZoneOffset: '+00:00',
        action: 'OBSERVE',
        bizStep: 'storing',
        epcList: ['urn:epc:id:sgtin:0614141.812345.1'],
        bizLocation: { id: place },
      },
    ],
  },
});

/** Routes that carry no company's objects, and why. */
const NOT_COMPANY_DATA: Record<string, string> = {
  'GET /api/health': 'system status',
  'GET /api/ready': 'system status',
  'POST /api/waitlist': 'public sign-up, belongs to no company',
  'POST /api/auth/register': 'creates a new company of its own',
  'POST /api/auth/login': "the caller's own credentials",
  'POST /api/auth/logout': "the caller's own session",
  'GET /api/auth/me': "the caller's own user in their current company",
  'POST /api/auth/forgot-password': "an email's own reset link",
  'POST /api/auth/reset-password': 'the emailed token names the account',
  'GET /api/settings/profile': "the caller's own account",
  'PUT /api/settings/profile': "the caller's own account (company name: the current company only)",
  'PUT /api/settings/password': "the caller's own account",
  'PUT /api/settings/appearance': "the caller's own account",
  'GET /api/settings/2fa/status': "the caller's own account",
  'POST /api/settings/2fa/setup': "the caller's own account",
  'POST /api/settings/2fa/verify': "the caller's own account",
  'POST /api/settings/2fa/disable': "the caller's own account",
  'POST /api/settings/2fa/regenerate-codes': "the caller's own account",
  'GET /api/settings/onboarding/status': "the caller's own account",
  'POST /api/settings/onboarding/complete': "the caller's own account",
  'GET /api/settings/sessions': "the caller's own sessions and print utilities, by user id",
  'POST /api/settings/sessions/revoke-others': "the caller's own sessions and print utilities, by user id",
  'GET /api/team/invite-info': 'the secret emailed token is the credential, whoever holds it',
  'GET /api/inventory/csv-template': 'the same example file for everyone',
  ...PRINT_NOT_COMPANY_DATA,
  ...ALERTS_NOT_COMPANY_DATA,
  'POST /api/rfid/register/start': "a reader's own pairing request, in no company until someone confirms it",
  'POST /api/rfid/register/poll': 'the pairing id and its secret are the credential, whoever holds them',
};

let t: MailTestApp;
let world: World;
let sim: DutchieSimProcess;
let dutchieWorld: DutchieWorld;
/** B's admin against a Dutchie store's data outside the point-of-sale routes (isolation-dutchie.ts). */
const dutchieB = () =>
  dutchieElsewhere(
    () => t,
    () => dutchieWorld,
  );
let aUtility: UtilityClient;

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const b = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  as(world.b.admin.token, method, url, payload);

async function teamOf(tenant: Tenant) {
  return (await as(tenant.admin.token, 'GET', '/api/team/members')).json() as TTeamMember[];
}
const emailsOf = (t: Tenant) => [t.admin.email, t.operator.email, t.member.email];

function expectNotFound(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(404);
  expect((res.json() as { message: string }).message).toMatch(/not found/i);
}

async function aProduct(w: World) {
  return (await as(w.a.admin.token, 'GET', `/api/inventory/${w.aProductId}`)).json();
}
async function expectAProductIntact(w: World) {
  expect(await aProduct(w)).toMatchObject({ sku: 'ISOA1', quantity: 5, location_id: w.aLocationId });
}
async function aLocationNames(w: World) {
  return ((await as(w.a.admin.token, 'GET', '/api/locations')).json() as { path: string }[]).map(
    (l) => l.path,
  );
}
const dev = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const aAudit = async (w: World) => (await as(w.a.admin.token, 'GET', `/api/audits/${w.aAuditId}`)).json();
const aDevice = async (w: World) =>
  (await as(w.a.admin.token, 'GET', `/api/devices/${w.aReader.deviceId}`)).json();

/** No SKU, product, location or audit of A appears anywhere in B's answer. */
function expectNothingOfA(w: World, answer: unknown) {
  const text = JSON.stringify(answer);
  // B has its own ISOA1 and its own 'A store' (SKUs and names are free across companies); A's product name is not.
  for (const secret of ['A secret', '"ISO1"']) expect(text).not.toContain(secret);
  expect(text).not.toContain(`"id":${w.aAuditId},`);
}

const PROBES: Record<string, Probe> = {
  ...countPlanProbes(),
  ...readerProbes(),
  ...chatProbes(),
  'GET /api/team/members': async (w) => {
    const list = await teamOf(w.b);
    const emails = list.map((m) => m.email);
    for (const email of [...emailsOf(w.a), w.aInviteEmail]) expect(emails).not.toContain(email);
    expect(emails).toEqual([...emailsOf(w.b), w.bInviteEmail]);
  },
  'POST /api/team/invite': async (w) => {
    // A's member is a stranger to B: inviting them works (no 409 that would reveal A's team) and A is untouched.
    const before = await teamOf(w.a);
    const res = await b('POST', '/api/team/invite', {
      email: w.a.operator.email,
      name: 'Op',
      role: 'member',
    });
    expect(res.statusCode).toBe(201);
    expect(await teamOf(w.a)).toEqual(before);
    await b('DELETE', `/api/team/invitations/${res.json().id}`);
  },
  'POST /api/team/members/:id/sign-out': async (w) => {
    expectNotFound(await b('POST', `/api/team/members/${w.a.operator.userId}/sign-out`));
    expect((await as(w.a.operator.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
  },
  'POST /api/team/two-factor-reminders': async (w) => {
    const before = t.smtp.received.length;
    const res = await b('POST', '/api/team/two-factor-reminders');
    expect(res.statusCode).toBe(200);
    // B's own three people, none of A's.
    expect(res.json().sent).toBe(3);
    await t.smtp.waitFor((m) => m.to.includes(w.b.member.email) && /two-factor/.test(m.subject));
    // Only the reminders: other mail (alerts of A's own events, say) may arrive meanwhile.
    const sent = t.smtp.received
      .slice(before)
      .filter((m) => /two-factor/.test(m.subject))
      .map((m) => m.to);
    for (const email of emailsOf(w.a)) expect(sent.join(' ')).not.toContain(email);
  },
  'DELETE /api/settings/sessions/:id': async (w) => {
    const [aSession] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, w.a.admin.userId), isNull(sessions.revokedAt)));
    if (!aSession) throw new Error('A admin has no session');
    const res = await b('DELETE', `/api/settings/sessions/session-${aSession.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Session not found');
    expect((await as(w.a.admin.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
  },
  'GET /api/reports/security-log.csv': async (w) => {
    // A failed sign-in in A (its operator's account) shows in A's log only. Written directly: a real wrong
    // password costs an argon2 hash, and the print probes' utility must stay fresh (security.test.ts does it for real).
    await recordSecurityEvent(t.database.db, {
      companyId: w.a.companyId,
      performer: { type: 'user', id: w.a.operator.userId, name: w.a.operator.name },
      action: 'auth.sign_in_failed',
      message: `Failed sign-in to ${w.a.operator.name}'s account (wrong password)`,
      client: { ip: '203.0.113.9', userAgent: 'probe' },
    });
    const own = await as(w.a.admin.token, 'GET', '/api/reports/security-log.csv');
    expect(own.body).toContain(w.a.operator.name);
    const res = await b('GET', '/api/reports/security-log.csv');
    expect(res.statusCode).toBe(200);
    for (const secret of [w.a.operator.name, w.a.admin.email]) expect(res.body).not.toContain(secret);
  },
  'PUT /api/team/members/:id': async (w) => {
    expectNotFound(await b('PUT', `/api/team/members/${w.a.operator.userId}`, { role: 'member' }));
    const me = await as(w.a.operator.token, 'GET', '/api/auth/me');
    expect(me.json().role).toBe('operator');
  },
  'DELETE /api/team/members/:id': async (w) => {
    expectNotFound(await b('DELETE', `/api/team/members/${w.a.member.userId}`));
    const rows = await t.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, w.a.member.userId), eq(memberships.companyId, w.a.companyId)));
    expect(rows).toHaveLength(1);
    expect((await as(w.a.member.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
  },
  'POST /api/team/resend-invite/:id': async (w) => {
    const [before] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, w.aInvitationId));
    expectNotFound(await b('POST', `/api/team/resend-invite/${w.aInvitationId}`));
    const [after] = await t.database.db.select().from(invitations).where(eq(invitations.id, w.aInvitationId));
    expect(after).toEqual(before);
  },
  'DELETE /api/team/invitations/:id': async (w) => {
    expectNotFound(await b('DELETE', `/api/team/invitations/${w.aInvitationId}`));
    expect((await teamOf(w.a)).map((m) => m.email)).toContain(w.aInviteEmail);
  },
  'POST /api/team/accept-invite': async (w) => {
    // B's admin holding A's link (sent to someone else) cannot use it to get into A.
    const res = await b('POST', '/api/team/accept-invite', { token: w.aInviteToken });
    expect(res.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, w.aInvitationId));
    expect(row?.acceptedAt).toBeNull();
    const companies = (await b('GET', '/api/team/companies')).json() as TUserCompany[];
    expect(companies.map((c) => c.id)).not.toContain(w.a.companyId);
  },
  'GET /api/team/companies': async (w) => {
    const list = (await b('GET', '/api/team/companies')).json() as TUserCompany[];
    expect(list).toEqual([{ id: w.b.companyId, name: w.b.companyName, role: 'admin', is_current: true }]);
  },
  'POST /api/team/switch-company': async (w) => {
    expectNotFound(await b('POST', '/api/team/switch-company', { companyId: w.a.companyId }));
    expect((await b('GET', '/api/auth/me')).json().company_id).toBe(w.b.companyId);
  },
  'GET /api/companies': async (w) => {
    const list = (await b('GET', '/api/companies')).json() as TCompany[];
    expect(list.map((c) => c.id)).not.toContain(w.a.companyId);
  },
  'GET /api/companies/current': async (w) => {
    expect((await b('GET', '/api/companies/current')).json()).toMatchObject({ id: w.b.companyId });
  },
  'GET /api/companies/:id/stats': async (w) => {
    expectNotFound(await b('GET', `/api/companies/${w.a.companyId}/stats`));
    const own = (await b('GET', `/api/companies/${w.b.companyId}/stats`)).json();
    expect(own.users).toBe(3);
  },
  'POST /api/companies': async (w) => {
    const res = await b('POST', '/api/companies', { name: 'B Branch' });
    expect(res.statusCode).toBe(201);
    const aList = (await as(w.a.admin.token, 'GET', '/api/companies')).json() as TCompany[];
    expect(aList.map((c) => c.name)).not.toContain('B Branch');
  },
  'PUT /api/companies/:id': async (w) => {
    expectNotFound(await b('PUT', `/api/companies/${w.a.companyId}`, { name: 'Taken Over' }));
    expect((await as(w.a.member.token, 'GET', '/api/auth/me')).json().company).toBe(w.a.companyName);
  },
  'GET /api/inventory': async () => {
    const list = (await b('GET', '/api/inventory?search=ISOA1')).json();
    expect(list.data).toEqual([]);
    const all = (await b('GET', '/api/inventory?limit=1000')).json();
    expect(all.data.map((p: { sku: string }) => p.sku)).not.toContain('ISOA1');
    expect(all.summary.total).toBe(all.data.length);
  },
  'GET /api/inventory/lookup': async () => {
    const res = await b('GET', '/api/inventory/lookup?code=isoa1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'unknown', reason: 'No product has this code' });
  },
  'GET /api/inventory/:id': async (w) => {
    expectNotFound(await b('GET', `/api/inventory/${w.aProductId}`));
  },
  'GET /api/inventory/export.csv': async () => {
    const body = (await b('GET', '/api/inventory/export.csv')).body;
    expect(body).not.toContain('ISOA1');
    expect(body).not.toContain('A store');
  },
  'POST /api/inventory': async (w) => {
    // SKUs are free across companies; A's location is not B's to use.
    const foreign = await b('POST', '/api/inventory', {
      name: 'X',
      sku: 'ISOB9',
      location_id: w.aLocationId,
    });
    const unknown = await b('POST', '/api/inventory', { name: 'X', sku: 'ISOB9', location_id: 999999 });
    expect([foreign.statusCode, foreign.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(foreign.statusCode).toBe(400);
    const same = await b('POST', '/api/inventory', { name: 'B copy', sku: 'ISOA1', quantity: 1 });
    expect(same.statusCode).toBe(201);
    await expectAProductIntact(w);
    await b('DELETE', `/api/inventory/${same.json().id}`);
  },
  'PUT /api/inventory/:id': async (w) => {
    expectNotFound(
      await b('PUT', `/api/inventory/${w.aProductId}`, { name: 'Taken', sku: 'ISOA1', quantity: 0 }),
    );
    await expectAProductIntact(w);
  },
  'DELETE /api/inventory/:id': async (w) => {
    expectNotFound(await b('DELETE', `/api/inventory/${w.aProductId}`));
    await expectAProductIntact(w);
  },
  'POST /api/inventory/bulk-upload': async (w) => {
    // B's file names A's SKU and A's location: B gets its own product and its own new location.
    const body = multipartBody('name,sku,quantity,location\nB import,ISOA1,99,A store\n', 'x.csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/bulk-upload',
      headers: { ...bearer(w.b.admin.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.json()).toMatchObject({ summary: { created: 1, updated: 0 }, locations_created: ['A store'] });
    await expectAProductIntact(w);
    expect(await aLocationNames(w)).toEqual(['A store']);
    const bProduct = (await b('GET', '/api/inventory?search=ISOA1')).json().data[0];
    expect(bProduct.location_id).not.toBe(w.aLocationId);
    await b('DELETE', `/api/inventory/${bProduct.id}`);
    await b('DELETE', `/api/locations/${bProduct.location_id}`);
  },
  'POST /api/inventory/movements': async (w) => {
    // A's product is unknown to B by id and by SKU; nothing of A's moves.
    for (const movement of [{ product_id: w.aProductId }, { sku: 'ISOA1' }]) {
      const res = await b('POST', '/api/inventory/movements', {
        movements: [{ ...movement, delta: -1, reason: 'sale' }],
      });
      expect(res.statusCode).toBe(400);
    }
    await expectAProductIntact(w);
  },
  'POST /api/inventory/movements/import': async (w) => {
    const body = multipartBody('sku,delta,reason\nISOA1,-1,sale\n', 'till.csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/movements/import',
      headers: { ...bearer(w.b.admin.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    await expectAProductIntact(w);
  },
  'GET /api/inventory/:id/movements': async (w) => {
    expectNotFound(await b('GET', `/api/inventory/${w.aProductId}/movements`));
  },
  'GET /api/reports/movements.csv': async () => {
    const body = (await b('GET', '/api/reports/movements.csv')).body;
    expect(body).not.toContain('ISOA1');
  },
  'GET /api/locations': async () => {
    const paths = ((await b('GET', '/api/locations')).json() as { path: string }[]).map((l) => l.path);
    expect(paths).not.toContain('A store');
  },
  'GET /api/locations/:id': async (w) => {
    expectNotFound(await b('GET', `/api/locations/${w.aLocationId}`));
  },
  'POST /api/locations': async (w) => {
    const foreign = await b('POST', '/api/locations', {
      name: 'Inside A',
      parent_location_id: w.aLocationId,
    });
    const unknown = await b('POST', '/api/locations', { name: 'Inside A', parent_location_id: 999999 });
    expect([foreign.statusCode, foreign.body]).toEqual([unknown.statusCode, unknown.body]);
    // A's location name is free in B.
    const own = await b('POST', '/api/locations', { name: 'A store' });
    expect(own.statusCode).toBe(201);
    await b('DELETE', `/api/locations/${own.json().id}`);
    expect(await aLocationNames(w)).toEqual(['A store']);
  },
  'PUT /api/locations/:id': async (w) => {
    expectNotFound(await b('PUT', `/api/locations/${w.aLocationId}`, { name: 'Renamed' }));
    expect(await aLocationNames(w)).toEqual(['A store']);
  },
  'DELETE /api/locations/:id': async (w) => {
    expectNotFound(await b('DELETE', `/api/locations/${w.aLocationId}`));
    expect(await aLocationNames(w)).toEqual(['A store']);
    await expectAProductIntact(w);
  },
  'GET /api/stats/dashboard': async (w) => {
    const d = (await b('GET', '/api/stats/dashboard')).json();
    expect(d.inventory).toMatchObject({ totalProducts: 0, totalUnits: 0, totalInventoryCost: 0 });
    expect(d.recentAudits.map((a: { id: number }) => a.id)).not.toContain(w.aAuditId);
    expect(d.latestAudit.id).not.toBe(w.aAuditId);
    expectNothingOfA(w, d);
    await dutchieB().readsOwnStore('/api/stats/dashboard');
  },
  'GET /api/onboarding': async () => {
    // B's steps are read from B's rows: its catalogue step follows B's own products, whatever A holds.
    const steps = (await b('GET', '/api/onboarding')).json().steps as { key: string; done: boolean }[];
    const bProducts = (await b('GET', '/api/inventory?page=1&limit=5')).json().pagination.totalItems;
    expect(steps.find((s) => s.key === 'catalogue')?.done).toBe(bProducts > 0);
  },
  'POST /api/onboarding/dismiss': async (w) => {
    expect((await b('POST', '/api/onboarding/dismiss')).json().dismissed_at).not.toBeNull();
    expect((await as(w.a.admin.token, 'GET', '/api/onboarding')).json().dismissed_at).toBeNull();
  },
  'GET /api/stats/dashboard-quick': async (w) => {
    const q = (await b('GET', '/api/stats/dashboard-quick')).json();
    expect(q.devices.total).toBe(1);
    expect(q.latestAudit.id).not.toBe(w.aAuditId);
    expectNothingOfA(w, q);
  },
  'GET /api/stats/dashboard-inventory': async () => {
    expect((await b('GET', '/api/stats/dashboard-inventory')).json().inventory.totalProducts).toBe(0);
  },
  'GET /api/stats/dashboard-low-stock': async (w) => {
    expectNothingOfA(w, (await b('GET', '/api/stats/dashboard-low-stock')).json());
    await dutchieB().readsOwnStore('/api/stats/dashboard-low-stock');
  },
  'GET /api/stats/dashboard-expiring': async (w) => {
    expectNothingOfA(w, (await b('GET', '/api/stats/dashboard-expiring')).json());
    await dutchieB().readsOwnStore('/api/stats/dashboard-expiring');
  },
  'GET /api/stats/dashboard-top-products': async (w) => {
    expectNothingOfA(w, (await b('GET', '/api/stats/dashboard-top-products?days=30')).json());
    await dutchieB().readsOwnStore('/api/stats/dashboard-top-products?days=30');
  },
  'GET /api/stats/dashboard-activity': async (w) => {
    const a = (await b('GET', '/api/stats/dashboard-activity')).json();
    expect(a.recentAudits.map((x: { id: number }) => x.id)).not.toContain(w.aAuditId);
    expectNothingOfA(w, a);
  },
  'GET /api/reports/:type.csv': async (w) => {
    // A's reader is named after its unique serial number; its audit rows carry that name.
    const aDeviceName = (await aAudit(w)).device_name as string;
    expect(aDeviceName).toBeTruthy();
    expect(aDeviceName).toMatch(/^Zebra RFD40 \S+$/);
    for (const type of ['inventory', 'low-stock', 'audits', 'discrepancies']) {
      const res = await b('GET', `/api/reports/${type}.csv`);
      expect([200, 404], type).toContain(res.statusCode);
      // B has audits of its own but no products: its audits report is a file (so the checks below read one), and
      // the others are the empty report's 404, never A's rows.
      expect(res.statusCode, type).toBe(type === 'audits' ? 200 : 404);
      expect(res.statusCode === 404 ? res.json().message : null, type).toBe(
        type === 'audits' ? null : REPORT_MESSAGES.noData,
      );
      for (const secret of ['A secret', 'ISO1,', aDeviceName]) expect(res.body, type).not.toContain(secret);
    }
    const own = await as(w.a.admin.token, 'GET', '/api/reports/inventory.csv');
    expect(own.body).toContain('A secret');
    await dutchieB().readsOwnStore('/api/reports/inventory.csv');
  },
  'GET /api/stats/activity': async (w) => {
    const items = (await b('GET', '/api/stats/activity?limit=100')).json().recentActivity as TActivityItem[];
    expect(items.length).toBeGreaterThan(0);
    const text = JSON.stringify(items);
    expect(text).not.toContain(w.aInviteEmail);
    expect(text).not.toContain(w.a.admin.email);
    expect(text).toContain(w.bInviteEmail);
  },
  // Point-of-sale companies A and B (two stores of the Dutchie simulator): see isolation-dutchie.ts.
  ...dutchieProbes(
    () => t,
    () => dutchieWorld,
  ),
  // Metrc (a Dutchie company's incoming manifests): A's connection, B's admin after it (isolation-metrc.ts).
  ...metrcProbes(
    () => t,
    () => dutchieWorld,
  ),
  ...withDutchiePrint(printProbes(() => t, as)),
  ...alertsProbes(() => t),
  ...zonesProbes(() => t),
  ...apiKeyProbes(() => t),
  // Team counts: A's count in progress, B's admin and reader after it.
  ...teamCountProbes(() => t),
  // Shipments: A's expected shipment, B's admin after it (isolation-shipments.ts).
  ...shipmentProbes(() => t),
  // Fixed readers (last: B's readers made there are deleted again, but B's count stays in its audits).
  ...fixedReaderProbes(() => t),
};

/** Printing: B's utility cannot print A's product, nor (for Dutchie companies) A's package. */
function withDutchiePrint(probes: Record<string, Probe>): Record<string, Probe> {
  const catalogue = probes['POST /api/print/print'];
  return {
    ...probes,
    'POST /api/print/print': async (w) => {
      await catalogue?.(w);
      await dutchieB().printsOwnStoreOnly();
    },
  };
}

/** Tallie Chat: B's admin against A's conversation (and A's data through the assistant). */
/** A's count plan on A's location (made once, by A's operator). */
async function aPlan(w: World): Promise<{ id: number; name: string }> {
  const list = (await as(w.a.operator.token, 'GET', '/api/count-plans')).json().data as {
    id: number;
    name: string;
  }[];
  const found = list.find((p) => p.name === 'A plan');
  if (found) return found;
  const made = await as(w.a.operator.token, 'POST', '/api/count-plans', {
    name: 'A plan',
    location_ids: [w.aLocationId],
    every_days: 1,
    grace_days: 0,
    blind: false,
  });
  expect(made.statusCode).toBe(201);
  return made.json();
}

/** Count plans and what is due: B's admin against A's plan and A's location. */
function countPlanProbes(): Record<string, Probe> {
  const planBody = (locationId: number) => ({
    name: 'B plan',
    location_ids: [locationId],
    every_days: 1,
    grace_days: 0,
    blind: false,
  });
  const expectAPlanIntact = async (w: World) => {
    const plan = await aPlan(w);
    const res = await as(w.a.operator.token, 'GET', `/api/count-plans/${plan.id}`);
    expect(res.json()).toMatchObject({ name: 'A plan', location_ids: [w.aLocationId], every_days: 1 });
  };
  return {
    'GET /api/count-plans': async (w) => {
      const plan = await aPlan(w);
      const ids = ((await b('GET', '/api/count-plans')).json().data as { id: number }[]).map((p) => p.id);
      expect(ids).not.toContain(plan.id);
    },
    'GET /api/count-plans/:id': async (w) => {
      expectNotFound(await b('GET', `/api/count-plans/${(await aPlan(w)).id}`));
    },
    'POST /api/count-plans': async (w) => {
      const foreign = await b('POST', '/api/count-plans', planBody(w.aLocationId));
      const unknown = await b('POST', '/api/count-plans', planBody(1_999_999));
      expect([foreign.statusCode, foreign.json()]).toEqual([unknown.statusCode, unknown.json()]);
      expect(foreign.statusCode).toBe(400);
    },
    'PUT /api/count-plans/:id': async (w) => {
      const own = (await b('POST', '/api/locations', { name: 'B plan spot' })).json().id as number;
      expectNotFound(await b('PUT', `/api/count-plans/${(await aPlan(w)).id}`, planBody(own)));
      await expectAPlanIntact(w);
      await b('DELETE', `/api/locations/${own}`);
    },
    'DELETE /api/count-plans/:id': async (w) => {
      expectNotFound(await b('DELETE', `/api/count-plans/${(await aPlan(w)).id}`));
      await expectAPlanIntact(w);
    },
    'GET /api/count-plans/people': async (w) => {
      const people = (await b('GET', '/api/count-plans/people')).json().data as { id: number }[];
      expect(people.map((p) => p.id)).not.toContain(w.a.operator.userId);
      expect(people.length).toBeGreaterThan(0);
    },
    'GET /api/count-plans/rooms': async (w) => {
      const plan = await aPlan(w);
      const answer = (await b('GET', '/api/count-plans/rooms')).json();
      expect(answer.data).toEqual([]);
      expect(JSON.stringify(answer)).not.toContain(plan.name);
    },
    'GET /api/counts/due': async (w) => {
      const plan = await aPlan(w);
      const answer = (await b('GET', '/api/counts/due')).json();
      expect((answer.data as { plan_id: number }[]).map((d) => d.plan_id)).not.toContain(plan.id);
      expect(JSON.stringify(answer)).not.toContain('A store');
    },
  };
}

function chatProbes(): Record<string, Probe> {
  let aConversationId = 0;
  const aMessages = async (w: World) =>
    (await as(w.a.member.token, 'GET', `/api/chat/conversations/${aConversationId}/messages`)).json();
  const ensure = async (w: World) => {
    if (aConversationId) return;
    const c = await as(w.a.member.token, 'POST', '/api/chat/conversations', { title: 'A private chat' });
    aConversationId = c.json().id;
    await as(w.a.member.token, 'POST', `/api/chat/conversations/${aConversationId}/messages`, {
      content: 'A secret question',
      sender: 'user',
    });
  };
  const expectIntact = async (w: World) => {
    const list = (await as(w.a.member.token, 'GET', '/api/chat/conversations')).json();
    expect(list.map((c: { title: string }) => c.title)).toEqual(['A private chat']);
    expect((await aMessages(w)).map((m: { content: string }) => m.content)).toEqual(['A secret question']);
  };
  return {
    'GET /api/chat/conversations': async (w) => {
      await ensure(w);
      expect((await b('GET', '/api/chat/conversations')).json()).toEqual([]);
      // A's admin does not see A's member's conversations either: they are personal.
      expect((await as(w.a.admin.token, 'GET', '/api/chat/conversations')).json()).toEqual([]);
    },
    'POST /api/chat/conversations': async (w) => {
      await ensure(w);
      const own = await b('POST', '/api/chat/conversations', { title: 'B chat' });
      expect(own.statusCode).toBe(201);
      await b('DELETE', `/api/chat/conversations/${own.json().id}`);
      await expectIntact(w);
    },
    'PUT /api/chat/conversations/:id': async (w) => {
      await ensure(w);
      expectNotFound(await b('PUT', `/api/chat/conversations/${aConversationId}`, { title: 'Taken' }));
      expectNotFound(
        await as(w.a.admin.token, 'PUT', `/api/chat/conversations/${aConversationId}`, { title: 'Taken' }),
      );
      await expectIntact(w);
    },
    'DELETE /api/chat/conversations/:id': async (w) => {
      await ensure(w);
      expectNotFound(await b('DELETE', `/api/chat/conversations/${aConversationId}`));
      await expectIntact(w);
    },
    'DELETE /api/chat/conversations': async (w) => {
      await ensure(w);
      expect((await b('DELETE', '/api/chat/conversations')).statusCode).toBe(200);
      await expectIntact(w);
    },
    'GET /api/chat/conversations/:id/messages': async (w) => {
      await ensure(w);
      expectNotFound(await b('GET', `/api/chat/conversations/${aConversationId}/messages`));
    },
    'POST /api/chat/conversations/:id/messages': async (w) => {
      await ensure(w);
      expectNotFound(
        await b('POST', `/api/chat/conversations/${aConversationId}/messages`, {
          content: 'x',
          sender: 'user',
        }),
      );
      await expectIntact(w);
    },
    'POST /api/chatbot': async (w) => {
      await ensure(w);
      const ask = (conversation_id?: number) =>
        b('POST', '/api/chatbot', {
          messages: [{ role: 'user', content: 'Where is ISOA1? How many do we have?' }],
          ...(conversation_id ? { conversation_id } : {}),
        });
      expectNotFound(await ask(aConversationId));
      await expectIntact(w);
      // B asking about A's SKU hears about nothing of A's.
      const res = await ask();
      expect(res.statusCode).toBe(200);
      expect(res.json().response).not.toContain('A secret');
    },
  };
}

/** The devices and audits routes: B's admin, and B's own reader, against A's readers, audits and locations. */
function readerProbes(): Record<string, Probe> {
  return {
    'GET /api/devices': async (w) => {
      const serials = ((await b('GET', '/api/devices')).json() as { serial_number: string }[]).map(
        (d) => d.serial_number,
      );
      expect(serials).toEqual([w.bReader.serial]);
    },
    'POST /api/devices': async (w) => {
      // A's serial number is free in B (no 409 that would reveal A's readers); A keeps its device.
      const res = await b('POST', '/api/devices', { name: 'Same serial', serial_number: w.aReader.serial });
      expect(res.statusCode).toBe(201);
      expect((await aDevice(w)).serial_number).toBe(w.aReader.serial);
      await b('DELETE', `/api/devices/${res.json().id}`);
    },
    'GET /api/devices/:id': async (w) => expectNotFound(await b('GET', `/api/devices/${w.aReader.deviceId}`)),
    'PUT /api/devices/:id': async (w) => {
      const before = await aDevice(w);
      expectNotFound(await b('PUT', `/api/devices/${w.aReader.deviceId}`, { name: 'Taken' }));
      expect((await aDevice(w)).name).toBe(before.name);
    },
    'DELETE /api/devices/:id': async (w) => {
      expectNotFound(await b('DELETE', `/api/devices/${w.aReader.deviceId}`));
      const hb = await dev(w.aReader.token, '/api/rfid/heartbeat', { battery_level: 70, signal_strength: 3 });
      expect(hb.statusCode).toBe(200);
    },
    'POST /api/rfid/register/confirm': async (w) => {
      // A code A has already confirmed is spent for everyone: B cannot take A's reader with it.
      const start = await t.app.inject({
        method: 'POST',
        url: '/api/rfid/register/start',
        payload: { serial_number: w.aReader.serial },
      });
      const code = start.json().code;
      expect((await as(w.a.operator.token, 'POST', '/api/rfid/register/confirm', { code })).statusCode).toBe(
        200,
      );
      expect((await b('POST', '/api/rfid/register/confirm', { code })).statusCode).toBe(400);
      expect((await b('GET', '/api/devices')).json()).toHaveLength(1);
    },
    'GET /api/audits': async (w) => {
      const res = (await b('GET', '/api/audits?limit=100')).json();
      expect(res.data.map((x: { id: number }) => x.id)).not.toContain(w.aAuditId);
      expect(res.summary).toEqual({ total: 0, completed: 0, averageAccuracy: null, discrepancies: 0 });
    },
    'GET /api/audits/:id': async (w) => expectNotFound(await b('GET', `/api/audits/${w.aAuditId}`)),
    'GET /api/audits/:id/discrepancies': async (w) =>
      expectNotFound(await b('GET', `/api/audits/${w.aAuditId}/discrepancies`)),
    'GET /api/audits/:id/epcis': async (w) =>
      expectNotFound(await b('GET', `/api/audits/${w.aAuditId}/epcis`)),
    'GET /api/epcis/events': async (w) => {
      const res = await b('GET', '/api/epcis/events?perPage=100');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(`urn:quantics:audit:${w.aAuditId}:`);
    },
    'POST /api/epcis/capture': async (w) => {
      // B captures an event naming A's location: it is B's event, placed nowhere of A's; A's query does not see it.
      const doc = epcisProbeDocument(`urn:quantics:location:${w.aLocationId}`);
      expect((await b('POST', '/api/epcis/capture', doc)).statusCode).toBe(202);
      const mine = await as(
        w.a.admin.token,
        'GET',
        `/api/epcis/events?location_id=${w.aLocationId}&bizStep=storing`,
      );
      expect(mine.json().epcisBody.queryResults.resultsBody.eventList).toEqual([]);
    },
    'GET /api/epcis/capture/:id': async (w) => {
      const doc = epcisProbeDocument(`urn:quantics:location:${w.aLocationId}`);
      const captured = await as(w.a.admin.token, 'POST', '/api/epcis/capture', doc);
      expect(captured.statusCode).toBe(202);
      expectNotFound(await b('GET', `/api/epcis/capture/${captured.json().captureID}`));
    },
    'PATCH /api/audits/:id/comments': async (w) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/audits/${w.aAuditId}/comments`,
        headers: bearer(w.b.admin.token),
        payload: { comments: 'Hijacked' },
      });
      expectNotFound(res);
      expect((await aAudit(w)).comments).toBeNull();
    },
    'POST /api/audits/import': async (w) => {
      // B's file of reads, at A's location: not found, and no audit made anywhere.
      const total = async () => (await b('GET', '/api/audits')).json().summary.total;
      const before = await total();
      const body = multipartBody('3034257BF400B7800004CB2F\n', 'reads.txt', {
        location_id: String(w.aLocationId),
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/audits/import',
        headers: { ...bearer(w.b.admin.token), ...body.headers },
        payload: body.payload,
      });
      expectNotFound(res);
      expect(await total()).toBe(before);
    },
    'POST /api/audits/:id/apply-counts': async (w) => {
      expectNotFound(await b('POST', `/api/audits/${w.aAuditId}/apply-counts`, { reason: 'Mine now' }));
      expect((await aAudit(w)).counts_applied_at).toBeNull();
    },
    'POST /api/audits/:id/review': async (w) => {
      expectNotFound(
        await b('POST', `/api/audits/${w.aAuditId}/review`, {
          lines: [{ discrepancy_id: 1, decision: 'reject' }],
        }),
      );
      const rows = (await as(w.a.admin.token, 'GET', `/api/audits/${w.aAuditId}/discrepancies`)).json();
      expect(rows.every((r: { decision: string | null }) => r.decision === null)).toBe(true);
    },
    'POST /api/audits/:id/recount': async (w) => {
      expectNotFound(await b('POST', `/api/audits/${w.aAuditId}/recount`, { device_id: w.bReader.deviceId }));
      expect(
        (await b('GET', '/api/audits?limit=100'))
          .json()
          .data.some((x: { recount_of: number | null }) => x.recount_of),
      ).toBe(false);
    },
    'GET /api/recounts': async (w) => {
      const rows = (await as(w.a.admin.token, 'GET', `/api/audits/${w.aAuditId}/discrepancies`)).json();
      const line = rows.find((r: { discrepancy_type: string }) =>
        ['shortage', 'overage'].includes(r.discrepancy_type),
      );
      if (line) {
        await as(w.a.admin.token, 'POST', `/api/audits/${w.aAuditId}/review`, {
          lines: [{ discrepancy_id: line.id, decision: 'recount' }],
        });
        const own = (await as(w.a.admin.token, 'GET', '/api/recounts')).json();
        expect(own.data.map((x: { audit_id: number }) => x.audit_id)).toContain(w.aAuditId);
      }
      const answer = (await b('GET', '/api/recounts')).json();
      expect(answer.data.map((x: { audit_id: number }) => x.audit_id)).not.toContain(w.aAuditId);
    },
    'GET /api/audits/:id/adjustments.csv': async (w) =>
      expectNotFound(await b('GET', `/api/audits/${w.aAuditId}/adjustments.csv`)),
    'GET /api/audits/:id/adjustments': async (w) =>
      expectNotFound(await b('GET', `/api/audits/${w.aAuditId}/adjustments`)),
    'GET /api/companies/:id/count-policy': async (w) =>
      expectNotFound(await b('GET', `/api/companies/${w.a.companyId}/count-policy`)),
    'PUT /api/companies/:id/count-policy': async (w) => {
      const policy = { approval_units: 1, approval_value: null };
      expectNotFound(await b('PUT', `/api/companies/${w.a.companyId}/count-policy`, policy));
      expect(
        (await as(w.a.admin.token, 'GET', `/api/companies/${w.a.companyId}/count-policy`)).json(),
      ).toEqual({
        approval_units: null,
        approval_value: null,
      });
    },
    'GET /api/reason-codes': async (w) => {
      const aIds = (await as(w.a.admin.token, 'GET', '/api/reason-codes'))
        .json()
        .map((c: { id: number }) => c.id);
      const bIds = (await b('GET', '/api/reason-codes')).json().map((c: { id: number }) => c.id);
      expect(bIds.length).toBeGreaterThan(0);
      expect(bIds.filter((id: number) => aIds.includes(id))).toEqual([]);
    },
    'POST /api/reason-codes': async (w) => {
      expect((await b('POST', '/api/reason-codes', { code: 'B_ONLY', label: 'B only' })).statusCode).toBe(
        201,
      );
      const aCodes = (await as(w.a.admin.token, 'GET', '/api/reason-codes'))
        .json()
        .map((c: { code: string }) => c.code);
      expect(aCodes).not.toContain('B_ONLY');
    },
    'PUT /api/reason-codes/:id': async (w) => {
      const [code] = (await as(w.a.admin.token, 'GET', '/api/reason-codes')).json();
      expectNotFound(await b('PUT', `/api/reason-codes/${code.id}`, { label: 'Mine now' }));
      expect((await as(w.a.admin.token, 'GET', '/api/reason-codes')).json()[0].label).toBe(code.label);
    },
    'DELETE /api/reason-codes/:id': async (w) => {
      const [code] = (await as(w.a.admin.token, 'GET', '/api/reason-codes')).json();
      expectNotFound(await b('DELETE', `/api/reason-codes/${code.id}`));
      expect((await as(w.a.admin.token, 'GET', '/api/reason-codes')).json()[0].id).toBe(code.id);
    },
    'GET /api/reports/shrink': async (w) => {
      const res = (await b('GET', '/api/reports/shrink?group_by=location')).json();
      expectNothingOfA(w, res);
      expect(res.rows.map((r: { label: string }) => r.label)).not.toContain('A store');
    },
    'GET /api/reports/accuracy': async (w) => {
      const res = (await b('GET', '/api/reports/accuracy?period=week')).json();
      expectNothingOfA(w, res);
      expect(res.places.map((r: { place: string }) => r.place)).not.toContain('A store');
    },
    'GET /api/reports/accuracy.csv': async (w) => {
      const res = await b('GET', '/api/reports/accuracy.csv');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('A store');
      expectNothingOfA(w, res.body);
    },
    'GET /api/reports/shrink.csv': async (w) => {
      const res = await b('GET', '/api/reports/shrink.csv?group_by=location');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('A store');
      expectNothingOfA(w, res.body);
    },
    'POST /api/rfid/heartbeat': async (w) => {
      const before = await aDevice(w);
      const res = await dev(w.bReader.token, '/api/rfid/heartbeat', { battery_level: 3, signal_strength: 0 });
      expect(res.json().device_id).toBe(w.bReader.deviceId);
      expect((await aDevice(w)).battery_level).toBe(before.battery_level);
    },
    'POST /api/rfid/audits': async (w) => {
      const foreignPlace = await dev(w.bReader.token, '/api/rfid/audits', {
        client_audit_id: randomUUID(),
        location_id: w.aLocationId,
      });
      expectNotFound(foreignPlace);
      // A's client_audit_id means nothing in B: B gets an audit of its own.
      const same = await dev(w.bReader.token, '/api/rfid/audits', { client_audit_id: w.aAuditClientId });
      expect(same.statusCode).toBe(201);
      expect(same.json().audit_id).not.toBe(w.aAuditId);
    },
    'POST /api/rfid/audits/:audit_id/reads': async (w) => {
      const before = (await aAudit(w)).reads_count;
      const res = await dev(w.bReader.token, `/api/rfid/audits/${w.aAuditId}/reads`, {
        batch_seq: 7,
        reads: [{ epc: 'AB'.repeat(12) }],
      });
      expectNotFound(res);
      expect((await aAudit(w)).reads_count).toBe(before);
    },
    'POST /api/rfid/audits/:audit_id/complete': async (w) => {
      expectNotFound(
        await dev(w.bReader.token, `/api/rfid/audits/${w.aAuditId}/complete`, { batch_count: 1 }),
      );
    },
    'POST /api/devices/browser': async (w) => {
      // B's browser is B's device: A's readers are as they were.
      const aBefore = (await as(w.a.admin.token, 'GET', '/api/devices')).json();
      const res = await b('POST', '/api/devices/browser', { name: "B's MC3300" });
      expect(res.statusCode).toBe(201);
      expect((await as(w.a.admin.token, 'GET', '/api/devices')).json()).toEqual(aBefore);
      await b('DELETE', `/api/devices/${res.json().device.id}`);
    },
    'GET /api/rfid/audits/:audit_id/sheet': async (w) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/rfid/audits/${w.aAuditId}/sheet`,
        headers: bearer(w.bReader.token),
      });
      expectNotFound(res);
      expectNothingOfA(w, res.json());
    },
    'POST /api/rfid/audits/:audit_id/sheet/lookup': async (w) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/rfid/audits/${w.aAuditId}/sheet/lookup`,
        headers: bearer(w.bReader.token),
        payload: { epcs: ['E2801160600002000000A001'], codes: ['SKU-A'] },
      });
      expectNotFound(res);
      expectNothingOfA(w, res.json());
    },
  };
}

beforeAll(async () => {
  sim = await startDutchieSim();
  t = await createMailTestApp({ dutchie: { ...DUTCHIE_DEFAULTS, apiUrl: sim.url } });
  dutchieWorld = await setupDutchieWorld(t, sim);
  const a = await createTenant(t, 'Company A');
  const bTenant = await createTenant(t, 'Company B');
  const aInviteEmail = uniqueEmail('a-invitee');
  const bInviteEmail = uniqueEmail('b-invitee');
  const invite = (tenant: Tenant, email: string) =>
    as(tenant.admin.token, 'POST', '/api/team/invite', { email, name: 'Invitee', role: 'operator' });
  const aInvite = await invite(a, aInviteEmail);
  expect((await invite(bTenant, bInviteEmail)).statusCode).toBe(201);
  const mail = await t.smtp.waitFor((m) => m.to.includes(aInviteEmail));
  const aInviteToken = new URL(linkIn(mail, '/accept-invite')).searchParams.get('token') ?? '';
  const aReader = await pairReader(t, a);
  const bReader = await pairReader(t, bTenant);
  const aLocationId = await addLocation(t, a.companyId, 'A store');
  const epc = (await addProducts(t, a.companyId, [{ sku: 'ISO1', quantity: 2, locationId: aLocationId }]))
    .ISO1?.epc;
  const aAuditClientId = randomUUID();
  const started = await dev(aReader.token, '/api/rfid/audits', {
    client_audit_id: aAuditClientId,
    location_id: aLocationId,
  });
  const aAuditId = started.json().audit_id;
  await dev(aReader.token, `/api/rfid/audits/${aAuditId}/reads`, {
    batch_seq: 0,
    reads: readsOf(epc ?? '', 1),
  });
  expect(
    (await dev(aReader.token, `/api/rfid/audits/${aAuditId}/complete`, { batch_count: 1 })).statusCode,
  ).toBe(200);
  const aProductRes = await as(a.admin.token, 'POST', '/api/inventory', {
    name: 'A secret',
    sku: 'ISOA1',
    quantity: 5,
    location_id: aLocationId,
  });
  expect(aProductRes.statusCode).toBe(201);
  world = {
    a,
    b: bTenant,
    aInvitationId: aInvite.json().id,
    aInviteToken,
    aInviteEmail,
    bInviteEmail,
    aProductId: aProductRes.json().id,
    aReader,
    bReader,
    aAuditId,
    aAuditClientId,
    aLocationId,
  };
  aUtility = await setUpPrinting(t, a);
});
afterAll(async () => {
  await aUtility?.close();
  await t?.close();
  await sim?.stop();
});

describe('tenant isolation', () => {
  it('probes every company route, and says why each other route holds no company data', () => {
    const covered = [...Object.keys(PROBES), ...Object.keys(NOT_COMPANY_DATA)].sort();
    expect(covered, 'classify the new route in PROBES or NOT_COMPANY_DATA').toEqual(
      Object.keys(ACCESS_POLICY).sort(),
    );
    for (const key of Object.keys(PROBES)) expect(NOT_COMPANY_DATA).not.toHaveProperty([key]);
  });

  it('answers 404 for unknown ids exactly as for the other company’s ids', async () => {
    const unknown = await b('PUT', '/api/team/members/999999', { role: 'member' });
    const foreign = await b('PUT', `/api/team/members/${world.a.admin.userId}`, { role: 'member' });
    expect([foreign.statusCode, foreign.body]).toEqual([unknown.statusCode, unknown.body]);
    const unknownCompany = await b('PUT', '/api/companies/999999', { name: 'X' });
    const foreignCompany = await b('PUT', `/api/companies/${world.a.companyId}`, { name: 'X' });
    expect([foreignCompany.statusCode, foreignCompany.body]).toEqual([
      unknownCompany.statusCode,
      unknownCompany.body,
    ]);
  });

  for (const [key, probe] of Object.entries(PROBES)) {
    it(`${key}: company B cannot read, change or count company A's objects`, async () => {
      // A's utility reports its printers as the real one does every few seconds; the probes before may take longer
      // than a utility may stay silent and still count as connected.
      if (key.includes(' /api/print/')) await reportPrinters(aUtility);
      return probe(world);
    });
  }
});

import { randomUUID } from 'node:crypto';
import { addDays, companyDay, SECURITY_LOG_ACTIONS } from '@quantics/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDayStartAt } from '../../db/company-day.ts';
import { activityLog, auditDiscrepancies, audits, companies, products } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { completeShelfAudit } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { productDigestItems } from '../alerts/digest.repo.ts';

/**
 * A company's day is its time zone's day in every report (issue 50 §5). The company lives far from UTC: on
 * Kiritimati (UTC+14) while UTC's clock reads 10:00 or later, else in Pago Pago (UTC-11), so that its today is not
 * UTC's whenever the test runs. Records made just before and just after one of its midnights fall on its two days,
 * while in UTC both fall on one.
 */

const ZONE =
  companyDay('Pacific/Kiritimati') !== companyDay('UTC') ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
/** A midnight of the company's, past: the end of EVE (a Sunday) and the start of DAY (a Monday), its days. */
const EVE = '2026-10-18';
const DAY = '2026-10-19';
const MIDNIGHT = companyDayStartAt(DAY, ZONE);
const BEFORE = new Date(MIDNIGHT.getTime() - 1000);
const AFTER = MIDNIGHT;

let t: TestApp;
let a: Tenant;
let before: number;
let after: number;

const get = (url: string, token = a.admin.token) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const json = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');

/** A count of 10 finding 7, applied through the API: 3 units lost. */
async function appliedCount(name: string) {
  const { id } = await completeShelfAudit(t, a, name, 10, 7);
  const applied = await t.app.inject({
    method: 'POST',
    url: `/api/audits/${id}/apply-counts`,
    headers: bearer(a.operator.token),
    payload: { reason: 'Cycle count' },
  });
  expect(applied.statusCode, applied.body).toBe(200);
  return id;
}

/** Moves an audit (its start, completion and applied lines) to `at`. */
async function moveTo(id: number, at: Date) {
  await t.database.db
    .update(audits)
    .set({ createdAt: at, completedAt: at, countsAppliedAt: at })
    .where(and(eq(audits.companyId, a.companyId), eq(audits.id, id)));
  await t.database.db
    .update(auditDiscrepancies)
    .set({ appliedAt: at })
    .where(and(eq(auditDiscrepancies.companyId, a.companyId), eq(auditDiscrepancies.auditId, id)));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Far Away Co');
  await t.database.db.update(companies).set({ timeZone: ZONE }).where(eq(companies.id, a.companyId));
  before = await appliedCount('Before midnight');
  after = await appliedCount('After midnight');
  await moveTo(before, BEFORE);
  await moveTo(after, AFTER);
});
afterAll(() => t.close());

describe("a company's day is its time zone's", () => {
  it('the edges are one UTC day and two of the company’s; the session names the zone (the web’s defaults)', async () => {
    expect(companyDay('UTC', BEFORE)).toBe(companyDay('UTC', AFTER));
    expect([companyDay(ZONE, BEFORE), companyDay(ZONE, AFTER)]).toEqual([EVE, DAY]);
    expect((await json('/api/auth/me')).time_zone).toBe(ZONE);
  });

  it('the shrink report of its own today holds the count it applied today (empty on UTC days)', async () => {
    const id = await appliedCount('Today');
    const today = companyDay(ZONE);
    const asked = await json(`/api/reports/shrink?group_by=reason&from=${today}&to=${today}`);
    expect(asked.totals).toMatchObject({ lines: 1, units_lost: 3 });
    // The default range ends on the company's today, and starts 30 of its days before.
    const byDefault = await json('/api/reports/shrink?group_by=reason');
    expect([byDefault.from, byDefault.to]).toEqual([addDays(today, -30), today]);
    expect(byDefault.totals.lines).toBe(1);
    await t.database.db.delete(auditDiscrepancies).where(eq(auditDiscrepancies.auditId, id));
    await t.database.db.delete(audits).where(eq(audits.id, id));
  });

  it('the shrink report puts each side of midnight on its own day', async () => {
    const eve = await json(`/api/reports/shrink?group_by=reason&from=${EVE}&to=${EVE}`);
    const day = await json(`/api/reports/shrink?group_by=reason&from=${DAY}&to=${DAY}`);
    expect([eve.totals.units_lost, day.totals.units_lost]).toEqual([3, 3]);
    const both = await json(`/api/reports/shrink?group_by=reason&from=${EVE}&to=${DAY}`);
    expect(both.totals.units_lost).toBe(6);
  });

  it('the accuracy report counts each side in its own day (and week or month)', async () => {
    const eve = await json(`/api/reports/accuracy?period=week&from=${EVE}&to=${EVE}`);
    const day = await json(`/api/reports/accuracy?period=week&from=${DAY}&to=${DAY}`);
    expect(eve.rows.map((r: { audits: number }) => r.audits)).toEqual([1]);
    expect(day.rows.map((r: { audits: number }) => r.audits)).toEqual([1]);
    // 18 October 2026 is a Sunday, 19 October the Monday of the next week.
    expect([eve.rows[0].period, day.rows[0].period]).toEqual(['2026-10-12', '2026-10-19']);
    const defaults = await json('/api/reports/accuracy?period=month');
    expect([defaults.from, defaults.to]).toEqual([addDays(companyDay(ZONE), -180), companyDay(ZONE)]);
  });

  it('the audit and discrepancy reports take the audits started on each day', async () => {
    for (const [d, name] of [
      [EVE, 'Before midnight'],
      [DAY, 'After midnight'],
    ] as const) {
      const res = await get(`/api/reports/audits.csv?start=${d}&end=${d}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = csvLines(res.body).slice(1);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(name);
      const disc = await get(`/api/reports/discrepancies.csv?start=${d}&end=${d}`);
      expect(disc.statusCode, disc.body).toBe(200);
      expect(csvLines(disc.body).slice(1)).toHaveLength(1);
      expect(csvLines(disc.body)[1]).toContain(name);
    }
  });

  it('the security log takes the events of each day', async () => {
    const event = (message: string, at: Date) => ({
      companyId: a.companyId,
      performerType: 'user',
      performerId: a.admin.userId,
      performerName: 'Admin',
      action: SECURITY_LOG_ACTIONS[0],
      type: 'auth',
      message,
      createdAt: at,
    });
    await t.database.db
      .insert(activityLog)
      .values([event('Signed in before midnight', BEFORE), event('Signed in after midnight', AFTER)]);
    const eve = await get(`/api/reports/security-log.csv?from=${EVE}&to=${EVE}`);
    const day = await get(`/api/reports/security-log.csv?from=${DAY}&to=${DAY}`);
    expect(eve.body).toContain('Signed in before midnight');
    expect(eve.body).not.toContain('Signed in after midnight');
    expect(day.body).toContain('Signed in after midnight');
    expect(day.body).not.toContain('Signed in before midnight');
  });

  it('the movements report takes the movements of each day', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: bearer(a.admin.token),
      payload: { name: 'Midnight item', sku: 'MID1', quantity: 5 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/movements',
      headers: bearer(a.operator.token),
      payload: {
        movements: [
          { sku: 'MID1', delta: -1, reason: 'sale', at: BEFORE.toISOString(), reference: 'before' },
          { sku: 'MID1', delta: -2, reason: 'sale', at: AFTER.toISOString(), reference: 'after' },
        ],
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const refs = async (d: string) => {
      const res = await get(`/api/reports/movements.csv?from=${d}&to=${d}`);
      expect(res.statusCode, res.body).toBe(200);
      return csvLines(res.body)
        .slice(1)
        .filter((l) => l.includes('MID1') && l.includes(',Sale,'))
        .map((l) => (l.includes(',before,') ? 'before' : l.includes(',after,') ? 'after' : l));
    };
    expect(await refs(EVE)).toEqual(['before']);
    expect(await refs(DAY)).toEqual(['after']);
  });

  it("the dashboard's and the digest's today is the company's: what expires on it has 0 days left", async () => {
    const today = companyDay(ZONE);
    const utcToday = companyDay('UTC');
    const made = async (sku: string, expiration: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/inventory',
        headers: bearer(a.admin.token),
        payload: { name: `Expiring ${sku}`, sku, quantity: 3 },
      });
      expect(res.statusCode, res.body).toBe(201);
      // Written straight: the API refuses a date before the earliest "today" on the planet.
      await t.database.db
        .update(products)
        .set({ expirationDate: expiration })
        .where(and(eq(products.companyId, a.companyId), eq(products.sku, sku)));
    };
    await made('EXPTODAY', today);
    await made('EXPUTC', utcToday);
    const list = (await json('/api/stats/dashboard-expiring')) as { sku: string; days_left: number }[];
    const left = Object.fromEntries(list.map((p) => [p.sku, p.days_left]));
    expect(left.EXPTODAY).toBe(0);
    // UTC's today is the company's yesterday (gone) on Kiritimati, its tomorrow in Pago Pago.
    if (utcToday < today) expect(left.EXPUTC).toBeUndefined();
    else expect(left.EXPUTC).toBe(1);
    const digest = await productDigestItems(t.database.db, a.companyId);
    const expiring = digest.filter((i) => i.is_expiring).map((i) => i.sku);
    expect(expiring).toContain('EXPTODAY');
    expect(expiring.includes('EXPUTC')).toBe(utcToday > today);
    await t.database.db
      .delete(products)
      .where(and(eq(products.companyId, a.companyId), inArray(products.sku, ['EXPTODAY', 'EXPUTC'])));
  });

  it("the dashboard's trends are the company's days, and counted again when its time zone changes", async () => {
    const today = companyDay(ZONE);
    const midnight = companyDayStartAt(today, ZONE);
    const made = async (name: string, at: Date, found: number) =>
      t.database.db.insert(audits).values({
        companyId: a.companyId,
        clientAuditId: randomUUID(),
        name,
        status: 'completed',
        createdAt: at,
        completedAt: at,
        tagsExpected: found,
        tagsFound: found,
        expectedCount: found,
        discrepanciesCount: 0,
        accuracy: 100,
      });
    await made('Trend before midnight', new Date(midnight.getTime() - 1000), 500);
    await made('Trend after midnight', midnight, 900);
    const trends = async () => {
      const stats = await json('/api/stats/dashboard');
      return Object.fromEntries(
        (stats.audits.trends as { date: string; scanned: number }[]).map((d) => [d.date, d.scanned]),
      );
    };
    const byDay = await trends();
    expect([byDay[addDays(today, -1)], byDay[today]]).toEqual([500, 900]);
    // In UTC both are on one day; the rollup is counted again (and the cached dashboard let go) on a change of zone.
    const zoneTo = async (time_zone: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/companies/${a.companyId}`,
        headers: bearer(a.admin.token),
        payload: { time_zone },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await zoneTo('UTC');
    expect((await trends())[companyDay('UTC', midnight)]).toBe(1400);
    await zoneTo(ZONE);
    const back = await trends();
    expect([back[addDays(today, -1)], back[today]]).toEqual([500, 900]);
    await t.database.db
      .delete(audits)
      .where(
        and(
          eq(audits.companyId, a.companyId),
          inArray(audits.name, ['Trend before midnight', 'Trend after midnight']),
        ),
      );
  });

  it("Tallie's today is the company's: what was lost today is the count applied today", async () => {
    const id = await appliedCount('Tallie today');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chatbot',
      headers: bearer(a.member.token),
      payload: { messages: [{ role: 'user', content: 'what did we lose today' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toContain('**3 units** lost today');
    await t.database.db.delete(auditDiscrepancies).where(eq(auditDiscrepancies.auditId, id));
    await t.database.db.delete(audits).where(eq(audits.id, id));
  });
});

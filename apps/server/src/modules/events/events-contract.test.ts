import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type TDutchieItem } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../lib/multipart-body.ts';
import { eventContractBreaches } from '../../test/event-contracts.ts';
import { bearer } from '../../test/factories.ts';
import { asReader, completeShelfAudit, pairReader } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recordSnapshotStockEvents } from '../dutchie/dutchie-stock-events.ts';
import { finishJob, insertAgent, insertJob } from '../print/print.repo.ts';

/**
 * Events keep their contract: every way an event is written (events.repo.ts from each feature, and the products'
 * stock trigger in the database) is taken here, through the same paths as the features' own tests, and every stored
 * payload must be exactly its type's WEBHOOK_EVENT_DATA. A renamed column or payload field fails here, not at a
 * customer's webhook. (test-app.ts runs the same check on every test database when it closes.)
 */
let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  // The alerts worker's sweeps write device.offline and audit.failed.
  t = await createTestApp({ alerts: { isWorkerOn: true, pollMs: 50, sweepMs: 100, digestMs: 60_000 } });
  a = await createTenant(t, 'Events Co');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer(a.operator.token), payload });

async function until(done: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const typesStored = async () =>
  (
    await t.database.db.execute<{ type: string }>(sql`select distinct type from events order by type`)
  ).rows.map((r) => r.type);

describe('events keep their contract', () => {
  it('every event type is written by its path and every stored payload is exactly its contract', async () => {
    // audit.completed: a count with discrepancies, and one of a shelf expected to be empty.
    await completeShelfAudit(t, a, 'Front', 10, 7);
    await completeShelfAudit(t, a, 'Empty', 0, 1);
    // audit.review_requested: a count with a line over the company's count policy.
    const policy = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${a.companyId}/count-policy`,
      headers: bearer(a.admin.token),
      payload: { approval_units: 1, approval_value: null },
    });
    expect(policy.statusCode).toBe(200);
    await completeShelfAudit(t, a, 'Reviewed', 10, 5);

    // device.online, device.battery_low (heartbeats), device.offline (the sweep, after the online window).
    const reader = await pairReader(t, a);
    await asReader(t, reader.token, '/api/rfid/heartbeat', { battery_level: 80, signal_strength: 3 });
    await t.database.db.execute(
      sql`update devices set last_seen = now() - interval '3 minutes' where id = ${reader.deviceId}`,
    );
    await until(async () => (await typesStored()).includes('device.offline'));
    await asReader(t, reader.token, '/api/rfid/heartbeat', { battery_level: 10, signal_strength: 3 });

    // audit.failed: an audit whose reads stopped past the time-out (the sweep).
    const stalled = (
      await asReader(t, reader.token, '/api/rfid/audits', { client_audit_id: randomUUID(), name: 'Stalled' })
    ).json().audit_id as number;
    await t.database.db.execute(
      sql`update audits set created_at = now() - interval '3 hours' where id = ${stalled}`,
    );
    await until(async () => (await typesStored()).includes('audit.failed'));

    // inventory.stock_low and inventory.out_of_stock from the products' trigger.
    const made = await call('POST', '/api/inventory', {
      name: 'Crossing',
      sku: 'CROSS1',
      quantity: 20,
      min_stock_level: 5,
    });
    expect(made.statusCode).toBe(201);
    for (const quantity of [4, 0])
      expect(
        (
          await call('PUT', `/api/inventory/${made.json().id}`, {
            name: 'Crossing',
            sku: 'CROSS1',
            quantity,
            min_stock_level: 5,
          })
        ).statusCode,
      ).toBe(200);

    // The same two types from a Dutchie snapshot (a package crossing into low, one sold out; one with no SKU).
    const pkg = (packageId: string, quantity: number, sku: string | null): TDutchieItem => ({
      packageId,
      productId: null,
      sku,
      productName: `Package ${packageId}`,
      vendor: null,
      brandName: null,
      category: null,
      strain: null,
      quantity,
      unitCost: null,
      unitPrice: null,
      expirationDate: null,
      rooms: [],
      lastModified: null,
    });
    await t.database.db.transaction(async (tx) => {
      await recordSnapshotStockEvents(tx, a.companyId, [pkg('P1', 20, 'D1'), pkg('P2', 20, null)], {
        isFirst: true,
      });
      const told = await recordSnapshotStockEvents(
        tx,
        a.companyId,
        [pkg('P1', 3, 'D1'), pkg('P2', 0, null)],
        {
          isFirst: false,
        },
      );
      expect(told).toBe(2);
    });

    // inventory.import_completed.
    const body = multipartBody('name,sku,quantity\nImported,IMP1,3\n', 'stock.csv');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/bulk-upload',
      headers: { ...bearer(a.operator.token), ...body.headers },
      payload: body.payload,
    });
    expect(imported.statusCode).toBe(200);

    // print.job_failed: a job the utility reports as failed.
    const agent = await insertAgent(t.database.db, {
      companyId: a.companyId,
      userId: a.operator.userId,
      name: 'Desk',
      tokenHash: randomUUID(),
    });
    const job = await insertJob(t.database.db, {
      companyId: a.companyId,
      userId: a.operator.userId,
      agentId: agent.id,
      productId: null,
      productName: 'Crossing',
      sku: 'CROSS1',
      epc: '43524F5353310000000000000',
      printerName: 'ZD421',
      quantity: 2,
    });
    expect(
      await finishJob(t.database.db, a.companyId, job, { ok: false, error: 'Paper out', printed: 0 }),
    ).toBe(true);

    // count.overdue: a plan's place never counted, past its grace days (the sweep).
    const aisle = await call('POST', '/api/locations', { name: 'Aisle 3' });
    const plan = await call('POST', '/api/count-plans', {
      name: 'Aisles weekly',
      location_ids: [aisle.json().id],
      every_days: 7,
      grace_days: 1,
      blind: false,
    });
    expect(plan.statusCode, plan.body).toBe(201);
    await t.database.db.execute(
      sql`update count_plans set created_at = now() - interval '5 days' where id = ${plan.json().id}`,
    );
    await until(async () => (await typesStored()).includes('count.overdue'));

    // shipment.received: a receipt counted through the reader protocol and completed.
    const dock = await call('POST', '/api/locations', { name: 'Dock' });
    const asn = await call('POST', '/api/shipments', {
      reference: 'ASN-EV',
      supplier: 'Acme',
      destination_location_id: dock.json().id,
      lines: [{ sku: 'CROSS1', quantity: 2 }],
    });
    expect(asn.statusCode, asn.body).toBe(201);
    const receipt = (
      await asReader(t, reader.token, '/api/rfid/audits', {
        client_audit_id: randomUUID(),
        shipment_id: asn.json().id,
      })
    ).json().audit_id as number;
    await asReader(t, reader.token, `/api/rfid/audits/${receipt}/reads`, {
      batch_seq: 0,
      reads: [{ code: 'CROSS1', quantity: 2 }],
    });
    expect(
      (await asReader(t, reader.token, `/api/rfid/audits/${receipt}/complete`, { batch_count: 1 }))
        .statusCode,
    ).toBe(200);

    expect(await typesStored()).toEqual([...EVENT_TYPES].sort());
    expect(await eventContractBreaches(t.database.db)).toEqual([]);
  });

  it('fails on a payload that leaves the contract, and on a type with no contract', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into events (company_id, type, payload, dispatched_at) values
      (${a.companyId}, 'device.online', '{"device_id": 1, "device_name": "x", "battery_level": 5, "company_id": 1}', now()),
      (${a.companyId}, 'device.renamed', '{"company_id": 1}', now())`);
    const breaches = await eventContractBreaches(db);
    await db.execute(sql`delete from events where type in ('device.online', 'device.renamed') and payload ? 'company_id'
      and (payload ? 'device_name' or type = 'device.renamed')`);
    expect(breaches).toHaveLength(2);
    expect(breaches[0]).toMatch(/device\.online: name: /);
    expect(breaches[1]).toMatch(/device\.renamed: no contract in WEBHOOK_EVENT_DATA/);
    expect(await eventContractBreaches(db)).toEqual([]);
  });
});

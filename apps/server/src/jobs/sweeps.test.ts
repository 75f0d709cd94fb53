import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import { audits } from '../db/schema/index.ts';
import { bearer } from '../test/factories.ts';
import { createTenant, type Tenant } from '../test/tenants.ts';
import { createTestApp, type TestApp, testConfig } from '../test/test-app.ts';

/**
 * Every periodic sweep runs on one instance at a time under its lock (db/advisory-locks.ts), works one unit (a company, an
 * audit) per transaction, and logs and counts a unit that fails while the others go on.
 */
let t: TestApp;
let a: Tenant;
let b: Tenant;
/** A second instance on the same database whose log lines are kept. */
let other: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Sweep A');
  b = await createTenant(t, 'Sweep B');
  other = await buildApp(testConfig({ logLevel: 'error' }), {
    database: t.database,
    logStream: { write: (line) => lines.push(line) },
  });
  await other.ready();
}, 120_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const statusOf = async (tenant: Tenant, id: number) =>
  (
    await t.database.db
      .select({ status: audits.status })
      .from(audits)
      .where(and(eq(audits.companyId, tenant.companyId), eq(audits.id, id)))
  )[0]?.status;

/** An audit stored in progress, as a reader left it, started `ago` and (a fixed reader's timed count) ending `endsAt`. */
async function openAudit(tenant: Tenant, opts: { ago: string; deviceId?: number; endsAt?: Date }) {
  const [row] = await t.database.db
    .insert(audits)
    .values({
      companyId: tenant.companyId,
      clientAuditId: randomUUID(),
      name: `Sweep ${randomUUID().slice(0, 8)}`,
      deviceId: opts.deviceId ?? null,
      endsAt: opts.endsAt ?? null,
      createdAt: new Date(Date.now() - Number.parseInt(opts.ago, 10) * 60_000),
    })
    .returning({ id: audits.id });
  return row?.id as number;
}

async function fixedReader(tenant: Tenant, serial: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/devices/fixed',
    headers: bearer(tenant.operator.token),
    payload: { name: `Door ${serial}`, serial_number: serial },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().device.id;
}

const units = async (app: FastifyInstance, sweep: string, result: string) =>
  (await app.metrics.sweepUnits.get()).values.find(
    (v) => v.labels.sweep === sweep && v.labels.result === result,
  )?.value ?? 0;

describe('a sweep', () => {
  it('runs on one instance at a time: while its lock is held elsewhere it does nothing', async () => {
    // Past the 2-hour audit time-out: it reads as failed and is stored as failed by the sweep.
    const id = await openAudit(a, { ago: '180' });
    const release = await t.database.trySessionLock(ADVISORY_LOCKS.timedOutAudits);
    expect(release).not.toBeNull();
    try {
      expect(await t.database.trySessionLock(ADVISORY_LOCKS.timedOutAudits)).toBeNull();
      await other.jobs.drain('timed-out-audits');
      expect(await statusOf(a, id)).toBe('in_progress');
    } finally {
      await release?.();
    }
    await other.jobs.drain('timed-out-audits');
    expect(await statusOf(a, id)).toBe('failed');
    expect(await units(other, 'timed-out-audits', 'success')).toBeGreaterThanOrEqual(1);
  });

  it('works one audit per transaction: one that fails is logged and counted, the others are finished', async () => {
    const [readerA, readerB] = [await fixedReader(a, 'SWEEP-A-1'), await fixedReader(b, 'SWEEP-B-1')];
    const ended = new Date(Date.now() - 60_000);
    const failing = await openAudit(a, { ago: '10', deviceId: readerA, endsAt: ended });
    const fine = await openAudit(b, { ago: '10', deviceId: readerB, endsAt: ended });
    // Completing this one audit fails (as a reconciliation that throws would), every time until it is fixed.
    await t.database.db.execute(
      sql.raw(`create function sweep_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'reconciliation failed (the test)'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger sweep_test_fail before update on audits for each row
      when (new.id = ${failing} and new.company_id = ${a.companyId} and new.status = 'completed')
      execute function sweep_test_fail()`),
    );
    try {
      const failures = await units(other, 'due-counts', 'failure');
      await other.jobs.drain('due-counts');
      expect(await statusOf(b, fine)).toBe('completed');
      expect(await statusOf(a, failing)).toBe('in_progress');
      expect(await units(other, 'due-counts', 'failure')).toBe(failures + 1);
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'sweep failed on one unit');
      expect(logged).toMatchObject({ sweep: 'due-counts', company_id: a.companyId, audit_id: failing });
      expect(logged.err.message).toContain('reconciliation failed (the test)');
    } finally {
      await t.database.db.execute(sql.raw('drop trigger sweep_test_fail on audits'));
      await t.database.db.execute(sql.raw('drop function sweep_test_fail()'));
    }
    // Fixed: the next run finishes it.
    await other.jobs.drain('due-counts');
    expect(await statusOf(a, failing)).toBe('completed');
  });
});

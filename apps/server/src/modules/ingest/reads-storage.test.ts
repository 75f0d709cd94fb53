import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { addProducts, asReader, type PairedReader, pairReader, readsOf, tidFor } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditClock } from '../audits/audit-status.ts';
import { maintainReadStorage } from './reads-storage.service.ts';

let t: TestApp;
let a: Tenant;
let reader: PairedReader;
let epcs: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Storage Co');
  reader = await pairReader(t, a);
  epcs = Object.fromEntries(
    Object.entries(
      await addProducts(t, a.companyId, [
        { sku: 'STO1', quantity: 3 },
        { sku: 'STO2', quantity: 2 },
      ]),
    ).map(([sku, p]) => [sku, p?.epc ?? '']),
  );
});
afterAll(() => t.close());

/** A GS1 SGTIN-96 no product carries (GTIN 80614141123458, serial 6789): an unknown tag, decoded. */
const SGTIN = '3074257BF7194E4000001A85';
const UNKNOWN_TEXT = '5155414E544943532D584E4E'; // 'QUANTICS-XNN' as ASCII

const startAudit = async () => {
  const res = await asReader(t, reader.token, '/api/rfid/audits', { client_audit_id: randomUUID() });
  expect(res.statusCode).toBe(201);
  return res.json().audit_id as number;
};
const send = async (auditId: number, batchSeq: number, reads: object[]) =>
  expect(
    (await asReader(t, reader.token, `/api/rfid/audits/${auditId}/reads`, { batch_seq: batchSeq, reads }))
      .statusCode,
  ).toBe(200);
const complete = async (auditId: number, batchCount: number) =>
  expect(
    (await asReader(t, reader.token, `/api/rfid/audits/${auditId}/complete`, { batch_count: batchCount }))
      .statusCode,
  ).toBe(200);
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(a.admin.token) });
  expect(res.statusCode).toBe(200);
  return res.body;
};
/** What a person sees of an audit: its details, its discrepancy rows and the audits report. */
const screens = async (auditId: number) => ({
  details: await get(`/api/audits/${auditId}`),
  discrepancies: await get(`/api/audits/${auditId}/discrepancies`),
  report: await get('/api/reports/audits.csv'),
});
const rawReads = async (auditId: number) =>
  Number(
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_reads where audit_id = ${auditId}`,
      )
    ).rows[0]?.n,
  );
const tagsOf = async (auditId: number) =>
  (
    await t.database.db.execute(sql`select upper(encode(epc, 'hex')) as epc, tids, reads::int as reads,
        best_rssi, first_seen, last_seen, gtin, decoded
      from audit_tags where audit_id = ${auditId} order by epc`)
  ).rows;

/** The first instant of the UTC month `offset` months from this one. */
const monthStart = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
};
const partitionName = (offset: number) =>
  `audit_reads_p${monthStart(offset).toISOString().slice(0, 7).replace('-', '')}`;
/** Moves reads into an earlier month, as if stored then (the partition is made first, as the job would). */
const storedIn = async (offset: number, where: ReturnType<typeof sql>) => {
  const day = new Date(monthStart(offset).getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
  await t.database.db.execute(sql`select audit_reads_partition(${day}::date)`);
  await t.database.db.execute(sql`update audit_reads set received_on = ${day}::date where ${where}`);
};
const partitions = async () =>
  (
    await t.database.db.execute<{ name: string }>(sql`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid where i.inhparent = 'audit_reads'::regclass order by 1`)
  ).rows.map((r) => r.name);
const job = (retentionDays = 30) =>
  maintainReadStorage({ db: t.database.db, clock: auditClock(120), retentionDays });

describe('compaction', () => {
  it('stores EPC and TID as bytes and keeps one row per tag, written by the completing statement', async () => {
    const id = await startAudit();
    const sto1 = epcs.STO1 as string;
    await send(id, 0, [
      ...readsOf(sto1, 3, 2).map((r, i) => ({ ...r, seen_at: `2026-03-01T10:00:0${i}Z` })),
      { epc: SGTIN, count: 4, rssi: -70 },
      { epc: SGTIN.toLowerCase(), count: 1, rssi: -55 },
      { epc: UNKNOWN_TEXT, tid: 'ABCDEF123', rssi: -60 },
      { epc: UNKNOWN_TEXT, tid: '0ABCDEF123', rssi: -61 },
    ]);
    const stored = await t.database.db.execute<{ epc: number; tid: number | null }>(
      sql`select octet_length(epc) as epc, octet_length(tid) as tid from audit_reads where audit_id = ${id}`,
    );
    expect(stored.rows.map((r) => Number(r.epc))).toEqual(Array(10).fill(12));
    expect(
      stored.rows
        .filter((r) => r.tid !== null)
        .map((r) => Number(r.tid))
        .sort(),
    ).toEqual([...Array(6).fill(12), 5, 5].sort());
    expect(await tagsOf(id)).toEqual([]);
    await complete(id, 1);

    const tags = await tagsOf(id);
    expect(tags.map((r) => ({ ...r, best_rssi: Number(r.best_rssi) }))).toEqual([
      {
        epc: SGTIN,
        tids: 0,
        reads: 5,
        best_rssi: -55,
        first_seen: null,
        last_seen: null,
        gtin: '80614141123458',
        decoded: 'GTIN 80614141123458, serial 6789',
      },
      {
        epc: UNKNOWN_TEXT,
        tids: 1, // a 9-digit TID is stored with a leading 0: the same chip as 0ABCDEF123
        reads: 2,
        best_rssi: -60,
        first_seen: null,
        last_seen: null,
        gtin: null,
        decoded: null,
      },
      expect.objectContaining({ epc: sto1, tids: 3, reads: 6, best_rssi: -40, gtin: null, decoded: null }),
    ]);
    const sto1Row = tags.find((r) => r.epc === sto1);
    expect(new Date(String(sto1Row?.first_seen)).toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(new Date(String(sto1Row?.last_seen)).toISOString()).toBe('2026-03-01T10:00:05.000Z');
    // The discrepancies still show hex, decoded GS1 text and the readable ASCII, as before bytes.
    const rows = JSON.parse(await get(`/api/audits/${id}/discrepancies`)) as { epc: string; notes: string }[];
    expect(rows.map((r) => [r.epc, r.notes]).sort()).toEqual(
      [
        [SGTIN, 'Unknown tag: GTIN 80614141123458, serial 6789 matches no product'],
        [UNKNOWN_TEXT, 'Unknown tag: reads as "QUANTICS-XNN" and matches no product'],
        [epcs.STO2, '2 fewer than expected'],
      ].sort(),
    );
  });

  it('answers the details, discrepancies and audits report the same once the raw reads are dropped', async () => {
    const id = await startAudit();
    await send(id, 0, [
      ...readsOf(epcs.STO1 as string, 2),
      { epc: SGTIN },
      { epc: UNKNOWN_TEXT, tid: tidFor(UNKNOWN_TEXT, 1) },
    ]);
    await send(id, 1, readsOf(epcs.STO2 as string, 3));
    await complete(id, 2);
    const before = await screens(id);
    expect(JSON.parse(before.details)).toMatchObject({ tags_found: 5, status: 'completed' });

    await storedIn(-5, sql`audit_id = ${id}`);
    const run = await job();
    expect(run.dropped).toEqual([partitionName(-5)]);
    expect(await rawReads(id)).toBe(0);
    expect(await screens(id)).toEqual(before);
  });
});

describe('retention', () => {
  it('drops whole months past the retention period, never one holding reads of an audit in progress', async () => {
    const done = await startAudit();
    await send(done, 0, readsOf(epcs.STO1 as string, 1));
    await complete(done, 1);
    await storedIn(-4, sql`audit_id = ${done}`);
    // Open across months: its first batch stored three months ago, its second now.
    const open = await startAudit();
    await send(open, 0, readsOf(epcs.STO1 as string, 3));
    await storedIn(-3, sql`audit_id = ${open}`);
    await t.database.db.execute(
      sql`update audits set created_at = ${monthStart(-3).toISOString()}::timestamptz + interval '9 days' where id = ${open}`,
    );
    await send(open, 1, readsOf(epcs.STO2 as string, 2));

    const first = await job();
    expect(first.dropped).toEqual([partitionName(-4)]);
    expect(await rawReads(done)).toBe(0);
    expect(await rawReads(open)).toBe(10);
    expect(await partitions()).toEqual(
      expect.arrayContaining([partitionName(-3), partitionName(0), partitionName(1)]),
    );

    // Its reads from both months count when it completes; then its old month goes.
    await complete(open, 2);
    expect(JSON.parse(await get(`/api/audits/${open}`))).toMatchObject({ tags_found: 5 });
    expect((await job()).dropped).toEqual([partitionName(-3)]);
    expect(await partitions()).toEqual(expect.arrayContaining([partitionName(0), partitionName(1)]));
    expect(await partitions()).not.toContain(partitionName(-3));
  });

  it('keeps raw reads forever with READS_RETENTION_DAYS=0, and months within the period with any other', async () => {
    const id = await startAudit();
    await send(id, 0, readsOf(epcs.STO1 as string, 2));
    await complete(id, 1);
    await storedIn(-6, sql`audit_id = ${id}`);
    expect((await job(0)).dropped).toEqual([]);
    expect((await job(400)).dropped).toEqual([]);
    expect(await rawReads(id)).toBe(4);
    expect((await job(30)).dropped).toEqual([partitionName(-6)]);
  });

  it('drops each expired month once when several instances run the job at the same moment', async () => {
    for (const i of [0, 1]) {
      // One after the other: a reader counts one count at a time.
      const id = await startAudit();
      await send(id, 0, readsOf(epcs.STO1 as string, 1));
      await complete(id, 1);
      await storedIn(-7 - i, sql`audit_id = ${id}`);
    }
    const runs = await Promise.all([job(), job(), job()]);
    expect(runs.flatMap((r) => r.dropped).sort()).toEqual([partitionName(-8), partitionName(-7)]);
    expect(await partitions()).not.toContain(partitionName(-7));
  });

  it('leaves nothing to move on a new database (the migration drops the empty table of old reads)', async () => {
    const legacy = await t.database.db.execute<{ name: string | null }>(
      sql`select to_regclass('audit_reads_legacy')::text as name`,
    );
    expect(legacy.rows[0]?.name).toBeNull();
  });

  it('creates this month and the next when they are missing, so reads always have a partition', async () => {
    const next = partitionName(1);
    await t.database.db.execute(sql`drop table ${sql.identifier(next)}`);
    await job();
    expect(await partitions()).toEqual(expect.arrayContaining([partitionName(0), next]));
  });
});

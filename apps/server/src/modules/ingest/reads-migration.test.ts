import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { bearer } from '../../test/factories.ts';
import { migrationsBefore, scratchDatabase } from '../../test/migrations.ts';
import { addProducts, asReader, pairReader } from '../../test/readers.ts';
import { addPerson } from '../../test/tenants.ts';
import { type TestApp, testConfig } from '../../test/test-app.ts';
import { auditClock } from '../audits/audit-status.ts';
import { maintainReadStorage } from './reads-storage.service.ts';

// A database with reads stored before 0019_read_storage (hex text, one table), migrated, with the server running:
// the job moves them in batches while the reads of audits not yet moved stay readable, and nothing is lost.

let removeBefore = () => {};
let removeDatabase = async () => {};
let database: Database;
let app: FastifyInstance;
let companyId: number;
let doneId: number;
let openId: number;
/** An audit deleted before the job reaches its reads. */
let goneId: number;
let original: Record<string, unknown>[];

/** The reads as a person would compare them: hex, with everything else stored, in key order. */
const readsNow = async (db: Database['db'], table: 'audit_reads' | 'audit_reads_legacy', isBytes: boolean) =>
  (
    await db.execute(sql`select audit_id, batch_seq, ordinal,
        ${isBytes ? sql`upper(encode(epc, 'hex'))` : sql`epc`} as epc,
        ${isBytes ? sql`upper(encode(tid, 'hex'))` : sql`tid`} as tid,
        rssi, count, seen_at, gtin, decoded
      from ${sql.identifier(table)} order by audit_id, batch_seq, ordinal`)
  ).rows;

const SKU_EPC = '51554E54414C4C59303031FF';
const SGTIN = '3074257BF7194E4000001A85';

beforeAll(async () => {
  const before = migrationsBefore('_read_storage');
  removeBefore = before.remove;
  const { open, remove } = await scratchDatabase();
  removeDatabase = remove;
  // The old shape, with data: a completed audit with 1,200 reads over 3 batches, one in progress, one failed.
  const old = await open(before.dir);
  const db = old.db;
  companyId = Number(
    (await db.execute<{ id: number }>(sql`insert into companies (name) values ('Legacy Co') returning id`))
      .rows[0]?.id,
  );
  const audit = async (status: string) =>
    Number(
      (
        await db.execute<{
          id: number;
        }>(sql`insert into audits (company_id, client_audit_id, name, status, created_at)
          values (${companyId}, ${randomUUID()}, ${`Legacy ${status}`}, ${status}, '2026-02-27T09:00:00Z')
          returning id`)
      ).rows[0]?.id,
    );
  doneId = await audit('completed');
  openId = await audit('in_progress');
  goneId = await audit('failed');
  await db.execute(sql`insert into audit_batches (audit_id, batch_seq, read_count, received_at) values
    (${doneId}, 0, 400, '2026-02-27T09:05:00Z'), (${doneId}, 1, 400, '2026-03-02T10:00:00Z'),
    (${doneId}, 2, 400, '2026-03-02T10:01:00Z'), (${openId}, 0, 3, now())`);
  await db.execute(sql`insert into audit_reads (audit_id, batch_seq, ordinal, epc, tid, rssi, count, seen_at, gtin, decoded)
    select ${doneId}, b, o, case when o % 2 = 0 then ${SKU_EPC} else ${SGTIN} end,
      'E2801160' || lpad(to_hex(o % 7), 8, '0'), -40 - (o % 30), 1 + o % 3, '2026-03-02T10:00:00Z'::timestamptz + o * interval '1 second',
      case when o % 2 = 1 then '80614141123458' end, case when o % 2 = 1 then 'GTIN 80614141123458, serial 6789' end
    from generate_series(0, 2) b, generate_series(0, 399) o`);
  await db.execute(sql`insert into audit_reads (audit_id, batch_seq, ordinal, epc, tid, count) values
    (${openId}, 0, 0, ${SKU_EPC}, 'E2801160000000A1', 1), (${openId}, 0, 1, ${SKU_EPC}, 'E2801160000000A2', 2),
    (${openId}, 0, 2, ${SKU_EPC}, null, 1), (${goneId}, 0, 0, ${SKU_EPC}, null, 1), (${goneId}, 0, 1, ${SGTIN}, null, 1)`);
  original = await readsNow(db, 'audit_reads', false);
  await old.close();

  // The new version starts on it: 0019_read_storage runs, the job is left to the test.
  database = await open();
  app = await buildApp(testConfig(), { database, logger: false });
  await app.ready();
  // Two databases migrated from nothing, on PGlite one statement at a time: well over a minute on a busy machine.
}, 180_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await removeDatabase();
  removeBefore();
});

const job = (retentionDays = 0) =>
  maintainReadStorage({ db: database.db, clock: auditClock(120), retentionDays });
const legacyExists = async () =>
  (
    await database.db.execute<{ ok: boolean }>(
      sql`select to_regclass('audit_reads_legacy') is not null as ok`,
    )
  ).rows[0]?.ok;

describe('reads stored before partitioning', () => {
  it('stay readable while they wait, move in batches with the server running, and nothing is lost', async () => {
    expect(await readsNow(database.db, 'audit_reads_legacy', false)).toEqual(original);
    const t = { app, database } as TestApp;
    const admin = await addPerson(t, companyId, 'admin');
    const details = async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/audits/${doneId}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const before = await details();

    // The open audit completes before the job reached it: its legacy reads count with the new ones.
    await addProducts(t, companyId, [{ sku: 'LEG1', quantity: 3 }]);
    await database.db.execute(sql`update products set epc = ${SKU_EPC} where company_id = ${companyId}`);
    // The catalogue held them before the count began (the product stands for one made under the build before,
    // which kept no movements): its stock's opening movement is dated then, so the count expects them as it reads.
    await database.db.execute(
      sql`update stock_movements set at = '2026-02-27T08:00:00Z', recorded_at = '2026-02-27T08:00:00Z'
        where company_id = ${companyId}`,
    );
    const operator = await addPerson(t, companyId, 'operator');
    const reader = await pairReader(t, { operator });
    await database.db.execute(sql`update audits set device_id = ${reader.deviceId} where id = ${openId}`);
    const batch = await asReader(t, reader.token, `/api/rfid/audits/${openId}/reads`, {
      batch_seq: 1,
      reads: [{ epc: SKU_EPC, tid: 'E2801160000000A3' }],
    });
    expect(batch.statusCode).toBe(200);
    const done = await asReader(t, reader.token, `/api/rfid/audits/${openId}/complete`, { batch_count: 2 });
    expect(done.json()).toMatchObject({ status: 'completed', tags_found: 3, tags_expected: 3 });

    // An audit deleted meanwhile (the old table no longer references audits): the job deletes its reads.
    await database.db.execute(sql`delete from audits where id = ${goneId}`);

    // The job runs until it has nothing left, and drops the emptied table (raw reads kept: they are compared).
    let runs = 0;
    while ((await job()).hasMore) runs++;
    expect(runs).toBeLessThan(10);
    expect(await legacyExists()).toBe(false);
    const moved = await readsNow(database.db, 'audit_reads', true);
    const kept = original.filter((r) => Number(r.audit_id) !== goneId);
    expect(kept).toHaveLength(original.length - 2);
    expect(moved.filter((r) => Number(r.audit_id) !== openId || Number(r.batch_seq) === 0)).toEqual(kept);
    expect(moved).toHaveLength(kept.length + 1);
    // Stored in the month their batch arrived (February's and March's partitions, made for them).
    const months = await database.db.execute<{
      month: string;
      n: number;
    }>(sql`select to_char(received_on, 'YYYY-MM') as month,
        count(*)::int as n from audit_reads where audit_id = ${doneId} group by 1 order by 1`);
    expect(months.rows.map((r) => [r.month, Number(r.n)])).toEqual([
      ['2026-02', 400],
      ['2026-03', 800],
    ]);
    // The completed audit compacted: two tags, 7 TIDs each, the reads' counts added up (1 + o % 3 over 3 batches).
    const tags =
      await database.db.execute(sql`select upper(encode(epc, 'hex')) as epc, tids, reads::int as reads,
        best_rssi, gtin from audit_tags where audit_id = ${doneId} order by epc`);
    expect(tags.rows.map((r) => ({ ...r, best_rssi: Number(r.best_rssi) }))).toEqual([
      { epc: SGTIN, tids: 7, reads: 1197, best_rssi: -41, gtin: '80614141123458' },
      { epc: SKU_EPC, tids: 7, reads: 1200, best_rssi: -40, gtin: null },
    ]);
    expect(await details()).toEqual(before);

    // Retention takes February's and March's reads (the month's partitions) once they are moved; the rest stays.
    expect((await job(30)).dropped).toEqual(['audit_reads_p202602', 'audit_reads_p202603']);
    expect(await details()).toEqual(before);
  });
});

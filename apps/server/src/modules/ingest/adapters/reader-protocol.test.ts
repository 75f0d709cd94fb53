import { randomUUID } from 'node:crypto';
import { READER_MESSAGES, READS_PER_BATCH_MAX } from '@quantics/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, auditBatches, auditReads, audits } from '../../../db/schema/index.ts';
import { bearer } from '../../../test/factories.ts';
import { addProducts, asReader, type PairedReader, pairReader, readsOf } from '../../../test/readers.ts';
import { createTenant, type Tenant } from '../../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let a: Tenant;
let reader: PairedReader;
let epc: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'Ingest Co');
  reader = await pairReader(t, a);
  epc = (await addProducts(t, a.companyId, [{ sku: 'ING1', quantity: 3 }])).ING1?.epc ?? '';
});
afterAll(() => t.close());

/** The reader each audit was started on: a reader of its own unless one is given (a reader counts one count at a time). */
const readerOf = new Map<number, string>();
const startAudit = async (body: object = {}, on?: PairedReader) => {
  const by = on ?? (await pairReader(t, a));
  const res = await asReader(t, by.token, '/api/rfid/audits', { client_audit_id: randomUUID(), ...body });
  expect(res.statusCode).toBe(201);
  readerOf.set(res.json().audit_id, by.token);
  return res.json().audit_id as number;
};
const tokenOf = (auditId: number) => readerOf.get(auditId) ?? reader.token;
const send = (auditId: number, batchSeq: number, reads: object[]) =>
  asReader(t, tokenOf(auditId), `/api/rfid/audits/${auditId}/reads`, { batch_seq: batchSeq, reads });
const complete = (auditId: number, batchCount: number) =>
  asReader(t, tokenOf(auditId), `/api/rfid/audits/${auditId}/complete`, { batch_count: batchCount });
const storedReads = async (auditId: number) =>
  (await t.database.db.select().from(auditReads).where(eq(auditReads.auditId, auditId))).length;

describe('starting an audit', () => {
  it('answers 201 once and 200 with the same audit for the same client_audit_id', async () => {
    const body = { client_audit_id: randomUUID(), name: 'Front store' };
    const first = await asReader(t, reader.token, '/api/rfid/audits', body);
    expect([first.statusCode, first.json().status]).toEqual([201, 'in_progress']);
    const again = await Promise.all([1, 2, 3].map(() => asReader(t, reader.token, '/api/rfid/audits', body)));
    for (const r of again) expect([r.statusCode, r.json()]).toEqual([200, first.json()]);
    const rows = await t.database.db
      .select()
      .from(audits)
      .where(eq(audits.clientAuditId, body.client_audit_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('Front store');
  });

  it("refuses another company's location as not found", async () => {
    const res = await asReader(t, reader.token, '/api/rfid/audits', {
      client_audit_id: randomUUID(),
      location_id: 999999,
    });
    expect([res.statusCode, res.json().message]).toEqual([404, READER_MESSAGES.locationNotFound]);
  });
});

describe('reads', () => {
  it('stores the same batch sent ten times at once exactly once and answers all alike', async () => {
    const id = await startAudit();
    const reads = readsOf(epc, 3, 4);
    const results = await Promise.all(Array.from({ length: 10 }, () => send(id, 0, reads)));
    for (const r of results) expect(r.statusCode).toBe(200);
    const bodies = results.map((r) => r.json());
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    for (const b of bodies) expect(b).toMatchObject({ batch_seq: 0, accepted: 12 });
    expect(await storedReads(id)).toBe(12);
  });

  it('refuses more than 5,000 reads a batch and bad EPCs, storing nothing', async () => {
    const id = await startAudit();
    const many = Array.from({ length: 5001 }, () => ({ epc }));
    const tooMany = await send(id, 0, many);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([
      400,
      `reads must hold at most ${READS_PER_BATCH_MAX} reads a batch`,
    ]);
    const bad = await send(id, 0, [{ epc: 'XYZ' }]);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'epc must be 24 hex digits']);
    expect(await storedReads(id)).toBe(0);
    expect(
      (
        await send(
          id,
          0,
          Array.from({ length: 5000 }, () => ({ epc })),
        )
      ).json().accepted,
    ).toBe(5000);
  });
});

describe('completing', () => {
  it('lists the missing batch_seqs with 409, then completes once they arrive', async () => {
    const id = await startAudit();
    await send(id, 0, readsOf(epc, 1));
    await send(id, 3, readsOf(epc, 1));
    const res = await complete(id, 5);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: READER_MESSAGES.missingBatches, missing_batch_seqs: [1, 2, 4] });
    for (const seq of [1, 2, 4]) await send(id, seq, seq === 4 ? [] : readsOf(epc, 1));
    const done = await complete(id, 5);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'completed',
      batch_count: 5,
      tags_found: 1,
      tags_expected: 3,
    });
  });

  it('gives the same result when completed twice at once, and refuses new batches afterwards', async () => {
    const id = await startAudit();
    await send(id, 0, readsOf(epc, 2));
    const [x, y] = await Promise.all([complete(id, 1), complete(id, 1)]);
    expect([x?.statusCode, y?.statusCode]).toEqual([200, 200]);
    expect(x?.json()).toEqual(y?.json());
    expect(x?.json()).toMatchObject({ status: 'completed', tags_found: 2, discrepancies_count: 1 });
    // One completion, one activity entry, one set of discrepancy rows.
    const rows = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${id}/discrepancies`,
      headers: bearer(a.member.token),
    });
    expect(rows.json()).toHaveLength(1);
    const entries = await t.database.db
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(
        and(
          eq(activityLog.action, 'audit.complete'),
          sql`${activityLog.metadata}->>'auditId' = ${String(id)}`,
        ),
      );
    expect(entries).toEqual([{ action: 'audit.complete' }]);
    expect((await complete(id, 1)).json()).toEqual(x?.json());
    const late = await send(id, 1, readsOf(epc, 1));
    expect([late.statusCode, late.json().message]).toEqual([409, READER_MESSAGES.auditCompleted]);
    // A resent old batch is still answered alike.
    expect((await send(id, 0, readsOf(epc, 2))).json()).toEqual({
      batch_seq: 0,
      accepted: 4,
      duplicate: true,
    });
  });

  it('refuses a batch_count below the batches that arrived', async () => {
    const id = await startAudit();
    await send(id, 0, []);
    await send(id, 1, []);
    const res = await complete(id, 1);
    expect([res.statusCode, res.json()]).toEqual([
      409,
      {
        message: 'batch_count is 1, but batch 1 has arrived: send the number of batches sent',
        missing_batch_seqs: [],
      },
    ]);
  });
});

describe('time-out', () => {
  it('fails an audit with no batch for the time-out, as read by everyone, and frees its reader', async () => {
    const handheld = await pairReader(t, a);
    const id = await startAudit({}, handheld);
    await send(id, 0, readsOf(epc, 1));
    await t.database.db
      .update(auditBatches)
      .set({ receivedAt: sql`now() - interval '121 minutes'` })
      .where(eq(auditBatches.auditId, id));
    // The reader's count timed out: it no longer holds the reader, which starts another.
    const fresh = await startAudit({}, handheld);
    await t.database.db
      .update(audits)
      .set({ createdAt: sql`now() - interval '119 minutes'` })
      .where(eq(audits.id, fresh));

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${id}`,
      headers: bearer(a.member.token),
    });
    expect(got.json().status).toBe('failed');
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/audits?status=failed&limit=100',
      headers: bearer(a.member.token),
    });
    expect(failed.json().data.map((x: { id: number }) => x.id)).toEqual([id]);
    const running = await t.app.inject({
      method: 'GET',
      url: '/api/audits?status=in_progress&limit=100',
      headers: bearer(a.member.token),
    });
    expect(running.json().data.map((x: { id: number }) => x.id)).toContain(fresh);
    expect(running.json().data.map((x: { id: number }) => x.id)).not.toContain(id);

    const late = await send(id, 1, readsOf(epc, 1));
    expect([late.statusCode, late.json().message]).toEqual([409, READER_MESSAGES.auditFailed]);
    const done = await complete(id, 1);
    expect([done.statusCode, done.json().message]).toEqual([409, READER_MESSAGES.auditFailed]);
  });
});

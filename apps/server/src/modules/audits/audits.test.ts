import { randomUUID } from 'node:crypto';
import { AUDIT_MESSAGES } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { addProducts, asReader, type PairedReader, pairReader, readsOf } from '../../test/readers.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Tenant;
let reader: PairedReader;
let epc: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, 'History Co');
  reader = await pairReader(t, a, 'SN-HIST');
  epc = (await addProducts(t, a.companyId, [{ sku: 'H1', quantity: 10 }])).H1?.epc ?? '';
});
afterAll(() => t.close());

const get = (url: string, token = a.member.token) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function audit(found: number | null, name: string) {
  const id = (
    await asReader(t, reader.token, '/api/rfid/audits', { client_audit_id: randomUUID(), name })
  ).json().audit_id as number;
  if (found === null) return id;
  await asReader(t, reader.token, `/api/rfid/audits/${id}/reads`, {
    batch_seq: 0,
    reads: readsOf(epc, found),
  });
  await asReader(t, reader.token, `/api/rfid/audits/${id}/complete`, { batch_count: 1 });
  return id;
}

describe('audit history', () => {
  it('is empty at first', async () => {
    const res = await get('/api/audits');
    expect(res.json()).toEqual({
      data: [],
      pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 0, hasNext: false, hasPrev: false },
      summary: { total: 0, completed: 0, averageAccuracy: null, discrepancies: 0 },
    });
  });

  it('lists newest first with pagination, a status filter and the four cards over everything', async () => {
    await audit(10, 'Perfect');
    await audit(8, 'Two short');
    const running = await audit(null, 'Running');
    const page1 = (await get('/api/audits?limit=2')).json();
    expect(page1.data.map((x: { name: string }) => x.name)).toEqual(['Running', 'Two short']);
    expect(page1.pagination).toEqual({
      page: 1,
      limit: 2,
      totalItems: 3,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
    });
    expect(page1.summary).toEqual({ total: 3, completed: 2, averageAccuracy: 90, discrepancies: 2 });
    expect(page1.data[1]).toMatchObject({
      status: 'completed',
      device_name: 'Zebra RFD40 SN-HIST',
      location: null,
      tags_found: 8,
      tags_expected: 10,
      discrepancies_count: 2,
      accuracy: 80,
      batch_count: 1,
      reads_count: 16,
    });
    const running1 = (await get('/api/audits?status=in_progress')).json();
    expect(running1.data.map((x: { id: number }) => x.id)).toEqual([running]);
    expect(running1.summary.total).toBe(3);
    const page2 = (await get('/api/audits?limit=2&page=2')).json();
    expect(page2.data.map((x: { name: string }) => x.name)).toEqual(['Perfect']);
    expect((await get('/api/audits?status=done')).statusCode).toBe(400);
    expect((await get('/api/audits?limit=0')).statusCode).toBe(400);
    // The reader is in one open count at most: finish this one before it starts the next.
    await asReader(t, reader.token, `/api/rfid/audits/${running}/complete`, { batch_count: 0 });
  });

  it('shows one audit and its discrepancies, and logs completion with the device as performer', async () => {
    const id = await audit(7, 'Details');
    const one = (await get(`/api/audits/${id}`)).json();
    expect(one).toMatchObject({ id, name: 'Details', status: 'completed', accuracy: 70, comments: null });
    const rows = (await get(`/api/audits/${id}/discrepancies`)).json();
    expect(rows).toEqual([
      expect.objectContaining({
        product_sku: 'H1',
        product_name: 'Product H1',
        expected_quantity: 10,
        found_quantity: 7,
        variance: -3,
        discrepancy_type: 'shortage',
        rfid_tag: 'H10000000000',
      }),
    ]);
    const activity = (await get('/api/stats/activity')).json().recentActivity[0];
    expect(activity).toMatchObject({
      type: 'audit',
      performer_type: 'device',
      performer_name: 'Zebra RFD40 SN-HIST',
      message: 'Zebra RFD40 SN-HIST completed Details: 7/10 tags found, 3 discrepancies, accuracy 70%',
    });
    expect((await get('/api/audits/999999')).json()).toEqual({ message: AUDIT_MESSAGES.notFound });
  });

  it('saves comments (operators), clears them with an empty text', async () => {
    const id = await audit(10, 'Commented');
    const patch = (comments: string | null, token = a.operator.token) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/audits/${id}/comments`,
        headers: bearer(token),
        payload: { comments },
      });
    expect((await patch('Recounted aisle 3')).json()).toMatchObject({ id, comments: 'Recounted aisle 3' });
    expect((await get(`/api/audits/${id}`)).json().comments).toBe('Recounted aisle 3');
    expect((await patch('   ')).json().comments).toBeNull();
    expect((await patch('x', a.member.token)).statusCode).toBe(403);
    expect((await patch('x'.repeat(2001))).statusCode).toBe(400);
  });

  it('counts audits on the company card', async () => {
    const stats = await get(`/api/companies/${a.companyId}/stats`, a.admin.token);
    expect(stats.json()).toMatchObject({
      devices: 1,
      audits: (await get('/api/audits')).json().summary.total,
    });
  });
});

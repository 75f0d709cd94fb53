import { randomBytes } from 'node:crypto';
import { epcFromSku } from '@quantics/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { bearer } from '../../test/factories.ts';
import { onlineUtility, type UtilityClient, utilityToken } from '../../test/print-utility.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app.ts';

const redisUrl = process.env.TEST_REDIS_URL;

// Two instances on one database and one Redis: the utility is connected to one, the browser talks to the other.
describe.runIf(redisUrl)('print jobs relayed between instances through Redis', () => {
  const printRelayNamespace = randomBytes(6).toString('hex');
  let one: TestApp;
  let two: FastifyInstance;
  let a: Tenant;
  let utility: UtilityClient;

  beforeAll(async () => {
    one = await createTestApp({ redisUrl, printRelayNamespace, printAckTimeoutMs: 3000 });
    two = await buildApp(testConfig({ redisUrl, printRelayNamespace, printAckTimeoutMs: 3000 }), {
      database: one.database,
      logger: false,
    });
    await one.app.listen({ port: 0, host: '127.0.0.1' });
    a = await createTenant(one, 'Relay Co');
    await one.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: bearer(a.operator.token),
      payload: { name: 'Relay Gummies', sku: 'RG10' },
    });
    utility = await onlineUtility(one.app, await utilityToken(one.app, a.operator.token));
  }, 120_000);
  afterAll(async () => {
    await utility?.close();
    await two?.close();
    await one?.close();
  });

  const printOnTwo = (quantity: number) =>
    two.inject({
      method: 'POST',
      url: '/api/print/print',
      headers: bearer(a.operator.token),
      payload: { zpl: '', quantity, printerName: 'Zebra ZD621R', productInfo: { name: 'x', sku: 'RG10' } },
    });

  it('shows the utility as connected on the other instance too', async () => {
    const res = await two.inject({
      method: 'GET',
      url: '/api/print/status',
      headers: bearer(a.operator.token),
    });
    expect(res.json()).toMatchObject({
      connected: true,
      printers: [{ name: 'Zebra ZD621R', status: 'ready' }],
    });
  });

  it('carries a job posted to one instance to the utility on the other, and the answer back', async () => {
    const pending = printOnTwo(4);
    const job = await utility.next('print');
    expect(job.quantity).toBe(4);
    expect(job.zpl).toContain(epcFromSku('RG10'));
    utility.send({ type: 'ack', jobId: job.jobId, ok: true, printed: 4 });
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Print job sent: 4 label(s) for Relay Gummies');
  });

  it('carries a serialized job to a protocol 2 utility on the other instance, with its per-label reports', async () => {
    const as = (method: 'POST' | 'PUT', url: string, payload: object) =>
      one.app.inject({ method, url, headers: bearer(a.admin.token), payload });
    expect((await as('PUT', '/api/print/gs1-prefixes', { prefixes: ['0614141'] })).statusCode).toBe(200);
    const shirt = { name: 'Relay shirt', sku: 'RSHIRT', gtin: '80614141123458' };
    expect((await as('POST', '/api/inventory', shirt)).statusCode).toBe(201);
    const v2 = await onlineUtility(
      one.app,
      await utilityToken(one.app, a.admin.token, 'Serial PC'),
      [{ name: 'Serial Zebra', status: 'ready' }],
      2,
    );
    const pending = two.inject({
      method: 'POST',
      url: '/api/print/print',
      headers: bearer(a.admin.token),
      payload: { quantity: 2, printerName: 'Serial Zebra', productInfo: { sku: 'RSHIRT' } },
    });
    const job = await v2.next('print_labels');
    expect(job.labels).toHaveLength(2);
    v2.send({ type: 'label', jobId: job.jobId, index: 0, ok: true });
    v2.send({ type: 'label', jobId: job.jobId, index: 1, ok: false, error: 'Serial Zebra: paper out' });
    v2.send({ type: 'ack', jobId: job.jobId, ok: false, printed: 1, error: 'Serial Zebra: paper out' });
    const res = await pending;
    expect([res.statusCode, res.json().message]).toEqual([
      502,
      'Serial Zebra: paper out. Printed: serial 1; not printed and never used again: serial 2.',
    ]);
    await v2.close();
  });

  it("fails the other instance's request at once when the utility hangs up mid-job", async () => {
    const pending = printOnTwo(1);
    await utility.next('print');
    utility.socket.terminate();
    const res = await pending;
    expect([res.statusCode, res.json().message]).toEqual([
      502,
      'The print utility disconnected before confirming the job',
    ]);
  });
});

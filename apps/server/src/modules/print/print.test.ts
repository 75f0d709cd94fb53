import { epcFromSku, PRINT_MESSAGES, type TPrintJobsResponse, type TPrintStatus } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import { onlineUtility, type UtilityClient, utilityToken } from '../../test/print-utility.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let a: Tenant;
let utility: UtilityClient;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const op = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call(a.operator.token, method, url, payload);
const printBody = (sku: string, quantity = 1, extra: object = {}) => ({
  zpl: '^XA^FDwhatever the browser drew^FS^XZ',
  quantity,
  printerName: 'Zebra ZD621R',
  productInfo: { name: 'ignored', sku, epc: 'ignored' },
  ...extra,
});
/** Posts a print and, as the utility, answers the job it receives with `answer`. */
async function printAnswered(body: object, answer: (jobId: number) => object) {
  const pending = op('POST', '/api/print/print', body);
  const job = await utility.next('print');
  utility.send(answer(job.jobId));
  return { res: await pending, job };
}
const ok = (jobId: number) => ({ type: 'ack', jobId, ok: true, printed: 1 });

beforeAll(async () => {
  t = await createTestApp({ printQuantityMax: 50, printAckTimeoutMs: 1500 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await createTenant(t, 'Print Co');
  for (const [name, sku] of [
    ['Blue Dream 3.5g', 'BD35'],
    ['Organic Whole Bean Coffee Dark Roast Colombian', 'COF2LB'],
  ]) {
    expect((await op('POST', '/api/inventory', { name, sku, quantity: 5 })).statusCode).toBe(201);
  }
});
afterAll(async () => {
  await utility?.close();
  await t.close();
});

describe('print status', () => {
  it('says not connected, with no printers, before the utility connects', async () => {
    expect((await op('GET', '/api/print/status')).json()).toEqual({
      connected: false,
      printers: [],
      agents: [],
    });
  });

  it("shows the caller's own utility and its printers, and nobody else's", async () => {
    utility = await onlineUtility(t.app, await utilityToken(t.app, a.operator.token), [
      { name: 'Zebra ZD621R', status: 'ready' },
      { name: 'Backroom Zebra', status: 'paper out' },
    ]);
    const status = (await op('GET', '/api/print/status')).json() as TPrintStatus;
    expect(status.connected).toBe(true);
    expect(status.printers).toEqual([
      { name: 'Zebra ZD621R', status: 'ready' },
      { name: 'Backroom Zebra', status: 'paper out' },
    ]);
    expect(status.agents).toEqual([
      expect.objectContaining({ name: 'Front desk PC', hostname: 'test-host' }),
    ]);
    const admins = (await call(a.admin.token, 'GET', '/api/print/status')).json();
    expect(admins).toEqual({ connected: false, printers: [], agents: [] });
  });
});

describe('printing', () => {
  it("prints the server's own label for the SKU, the quantity asked, and answers once acknowledged", async () => {
    const { res, job } = await printAnswered(printBody('bd35', 3), ok);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Print job sent: 3 label(s) for Blue Dream 3.5g');
    expect(job).toMatchObject({ printerName: 'Zebra ZD621R', quantity: 3 });
    expect(job.zpl).toContain(`^RFW,H^FD${epcFromSku('BD35')}^FS`);
    expect(job.zpl).toContain('^FH^FDSKU: BD35^FS');
    expect(job.zpl).toContain('^FH^FDQA,BD35^FS');
    expect(job.zpl).toContain('^PQ1');
    expect(job.zpl).not.toContain('whatever the browser drew');
    expect(res.json().job).toMatchObject({ status: 'succeeded', sku: 'BD35', quantity: 3, error: null });
  });

  it("uses the company's label size", async () => {
    const size = { widthInches: 4, heightInches: 2, dpi: 300 };
    expect((await call(a.admin.token, 'PUT', '/api/print/label-settings', size)).json()).toEqual(size);
    expect((await op('GET', '/api/print/label-settings')).json()).toEqual(size);
    const { job } = await printAnswered(printBody('COF2LB'), ok);
    expect(job.zpl).toContain('^PW1200');
    expect(job.zpl).toContain('^LL600');
    expect(job.zpl).toContain('^FH^FDOrganic Whole Bean Coffee Dark^FS');
  });

  it("answers the printer's error and keeps the job as failed", async () => {
    const { res } = await printAnswered(printBody('BD35', 2), (jobId) => ({
      type: 'ack',
      jobId,
      ok: false,
      printed: 1,
      error: 'Zebra ZD621R: paper out',
    }));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'Zebra ZD621R: paper out' });
  });

  it('gives up after the timeout when the utility never answers', async () => {
    const started = Date.now();
    const pending = op('POST', '/api/print/print', printBody('BD35'));
    await utility.next('print');
    const res = await pending;
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toBe(PRINT_MESSAGES.utilityTimeout);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('ignores an acknowledgement that arrives twice, or for a job it was never sent', async () => {
    const { res, job } = await printAnswered(printBody('BD35'), ok);
    expect(res.statusCode).toBe(200);
    utility.send({ type: 'ack', jobId: job.jobId, ok: false, printed: 0, error: 'late' });
    utility.send({ type: 'ack', jobId: job.jobId + 1000, ok: true, printed: 1 });
    utility.send({ type: 'hello', protocol: 1, agentVersion: 'test' });
    await utility.next('welcome');
    const jobs = (await op('GET', '/api/print/jobs?limit=1')).json() as TPrintJobsResponse;
    expect(jobs.data[0]).toMatchObject({ id: job.jobId, status: 'succeeded', error: null });
  });

  it('refuses what it cannot print, before anything reaches the utility', async () => {
    const cases: [object, number, string][] = [
      [printBody('BD35', 51), 400, 'Quantity must be at most 50'],
      [printBody('NOPE'), 404, 'Product not found'],
      [printBody('BD35', 1, { printerName: 'Nowhere' }), 400, PRINT_MESSAGES.printerUnknown],
    ];
    for (const [body, status, message] of cases) {
      const res = await op('POST', '/api/print/print', body);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const res = await call(a.admin.token, 'POST', '/api/print/print', printBody('BD35'));
    expect([res.statusCode, res.json().message]).toEqual([409, 'Print utility not connected']);
  });

  it('lists every job: who printed what, where, how many, when and how it ended', async () => {
    const jobs = (await op('GET', '/api/print/jobs?limit=100')).json() as TPrintJobsResponse;
    expect(jobs.pagination).toMatchObject({ page: 1, totalItems: 5 });
    expect(jobs.data.map((j) => j.status)).toEqual([
      'succeeded',
      'failed',
      'failed',
      'succeeded',
      'succeeded',
    ]);
    expect(jobs.data[2]).toMatchObject({
      sku: 'BD35',
      epc: epcFromSku('BD35'),
      product_name: 'Blue Dream 3.5g',
      printer_name: 'Zebra ZD621R',
      quantity: 2,
      error: 'Zebra ZD621R: paper out',
      printed_by: 'Print Co Operator',
    });
    expect(jobs.data.every((j) => j.created_at && j.completed_at)).toBe(true);
    for (const q of ['limit=0', 'limit=101', 'page=0', 'page=x']) {
      const res = await op('GET', `/api/print/jobs?${q}`);
      expect([res.statusCode, typeof res.json().message]).toEqual([400, 'string']);
    }
  });

  it('fails a job at once when the utility disconnects before answering', async () => {
    const pending = op('POST', '/api/print/print', printBody('BD35'));
    await utility.next('print');
    const started = Date.now();
    utility.socket.terminate();
    const res = await pending;
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(PRINT_MESSAGES.utilityGone);
    expect(Date.now() - started).toBeLessThan(1000);
    await expect.poll(async () => (await op('GET', '/api/print/status')).json().connected).toBe(false);
  });
});

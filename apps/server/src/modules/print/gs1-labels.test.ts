import {
  decodeTag,
  PRINT_MESSAGES,
  SGTIN96_SERIAL_MAX,
  sgtin96,
  type TPrintJob,
  type TPrintJobsResponse,
  type TProductSerials,
} from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories.ts';
import {
  onlineUtility,
  printEveryLabel,
  type UtilityClient,
  utilityToken,
} from '../../test/print-utility.ts';
import { createTenant, type Tenant } from '../../test/tenants.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Serialized GS1 labels through the API and the print utility's protocol 2 (the utility's side played by the test).

const SHIRT_GTIN = '80614141123458';
let t: TestApp;
let a: Tenant;
let shirtId: number;
let v1: UtilityClient;
let v2: UtilityClient;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call(a.admin.token, method, url, payload);
const print = (sku: string, quantity: number, printerName = 'Zebra v2') =>
  admin('POST', '/api/print/print', { quantity, printerName, productInfo: { sku } });
const serials = async () =>
  (await admin('GET', `/api/print/products/${shirtId}/serials`)).json() as TProductSerials;

beforeAll(async () => {
  t = await createTestApp({ printQuantityMax: 50, printAckTimeoutMs: 3000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await createTenant(t, 'Serial Co');
  for (const body of [
    { name: 'Oxford shirt, blue, M', sku: 'SHIRTM', gtin: SHIRT_GTIN, quantity: 5 },
    // A GTIN under no prefix of the company's, and a product without one: both print the SKU label as before.
    { name: 'Socks', sku: 'SOCKS', gtin: '00037000302414', quantity: 5 },
    { name: 'Blue Dream 3.5g', sku: 'BD35', quantity: 5 },
  ]) {
    const res = await admin('POST', '/api/inventory', body);
    expect(res.statusCode, res.body).toBe(201);
    if (body.sku === 'SHIRTM') shirtId = res.json().id;
  }
  v1 = await onlineUtility(t.app, await utilityToken(t.app, a.admin.token, 'Old PC'), [
    { name: 'Zebra v1', status: 'ready' },
  ]);
  v2 = await onlineUtility(
    t.app,
    await utilityToken(t.app, a.admin.token, 'New PC'),
    [{ name: 'Zebra v2', status: 'ready' }],
    2,
  );
  // A tenant's three members (argon2 each) and two utilities: slow on a loaded machine.
}, 120_000);
afterAll(async () => {
  await Promise.all([v1?.close(), v2?.close()]);
  await t.close();
});

describe('GS1 company prefixes', () => {
  it('start empty, are saved sorted and read back, and [] clears them', async () => {
    expect((await admin('GET', '/api/print/gs1-prefixes')).json()).toEqual({ prefixes: [] });
    const saved = await admin('PUT', '/api/print/gs1-prefixes', { prefixes: [' 0614141 ', '0037000'] });
    expect([saved.statusCode, saved.json()]).toEqual([200, { prefixes: ['0037000', '0614141'] }]);
    expect((await call(a.operator.token, 'GET', '/api/print/gs1-prefixes')).json()).toEqual({
      prefixes: ['0037000', '0614141'],
    });
    expect((await admin('PUT', '/api/print/gs1-prefixes', { prefixes: [] })).json()).toEqual({
      prefixes: [],
    });
  });

  it('refuses bad prefixes with a message saying which, and keeps the list', async () => {
    await admin('PUT', '/api/print/gs1-prefixes', { prefixes: ['0614141'] });
    const cases: [unknown, string][] = [
      [['06141'], 'GS1 company prefix "06141" must be 6 to 12 digits'],
      [['0614141234567'], 'GS1 company prefix "0614141234567" must be 6 to 12 digits'],
      [['06141A1'], 'GS1 company prefix "06141A1" must be 6 to 12 digits'],
      [['0614141', '0614141'], 'GS1 company prefix 0614141 is listed twice'],
      [
        ['0614141', '061414'],
        'GS1 company prefixes 061414 and 0614141 overlap: a GTIN could fall under both',
      ],
      [[614141], 'Each GS1 company prefix must be text of 6 to 12 digits'],
      ['0614141', 'prefixes must be a list of GS1 company prefixes'],
      [Array.from({ length: 101 }, (_, i) => String(100000 + i)), 'At most 100 GS1 company prefixes'],
    ];
    for (const [prefixes, message] of cases) {
      const res = await admin('PUT', '/api/print/gs1-prefixes', { prefixes });
      expect([res.statusCode, res.json().message], JSON.stringify(prefixes)).toEqual([400, message]);
    }
    expect((await admin('GET', '/api/print/gs1-prefixes')).json()).toEqual({ prefixes: ['0614141'] });
    const byOperator = await call(a.operator.token, 'PUT', '/api/print/gs1-prefixes', { prefixes: [] });
    expect(byOperator.statusCode).toBe(403);
  });
});

describe('serialized labels', () => {
  it('are refused on a protocol 1 utility before any serial is taken, with what to do', async () => {
    const res = await print('SHIRTM', 2, 'Zebra v1');
    expect([res.statusCode, res.json().message]).toEqual([409, PRINT_MESSAGES.serialsNeedNewerUtility]);
    expect((await serials()).next_serial).toBe(1);
  });

  it('print one format per label, each with the next serial in its tag, DataMatrix and text', async () => {
    const pending = print('shirtm', 3);
    const job = await v2.next('print_labels');
    expect(job.labels).toHaveLength(3);
    job.labels.forEach((zpl, i) => {
      const serial = i + 1;
      const epc = sgtin96(SHIRT_GTIN, serial, 7);
      expect(decodeTag(epc).text).toBe(`GTIN ${SHIRT_GTIN}, serial ${serial}`);
      expect(zpl).toContain(`^RFW,H^FD${epc}^FS`);
      expect(zpl).toContain(`^BXN,`);
      expect(zpl).toContain(`,200,18,18,,_^FD_101${SHIRT_GTIN}21${serial}^FS`);
      expect(zpl).toContain(`^FD(01)${SHIRT_GTIN}^FS`);
      expect(zpl).toContain(`^FD(21)${serial}^FS`);
      expect(zpl).not.toContain('^SN');
      expect(zpl.match(/\^XA/g)).toHaveLength(1);
      expect(zpl).toContain('^PQ1\n^XZ');
    });
    for (const index of job.labels.keys()) v2.send({ type: 'label', jobId: job.jobId, index, ok: true });
    v2.send({ type: 'ack', jobId: job.jobId, ok: true, printed: 3 });
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Print job sent: 3 label(s) for Oxford shirt, blue, M');
    expect(res.json().job.serials).toEqual({ gtin: SHIRT_GTIN, first: 1, last: 3, printed_last: 3 });
    const list = (await admin('GET', '/api/print/jobs')).json() as TPrintJobsResponse;
    expect(list.data[0]?.serials).toEqual({ gtin: SHIRT_GTIN, first: 1, last: 3, printed_last: 3 });
    expect(await serials()).toMatchObject({
      gtin: SHIRT_GTIN,
      prefix: '0614141',
      next_serial: 4,
      labels_printed: 3,
    });
  });

  it('say which serials went out when the printer stops part-way, and never reuse the rest', async () => {
    const pending = print('SHIRTM', 5);
    const job = await v2.next('print_labels');
    for (const index of [0, 1]) v2.send({ type: 'label', jobId: job.jobId, index, ok: true });
    v2.send({ type: 'label', jobId: job.jobId, index: 2, ok: false, error: 'Zebra v2: paper out' });
    v2.send({ type: 'ack', jobId: job.jobId, ok: false, printed: 2, error: 'Zebra v2: paper out' });
    const res = await pending;
    expect([res.statusCode, res.json().message]).toEqual([
      502,
      'Zebra v2: paper out. Printed: serials 4 to 5; not printed and never used again: serials 6 to 8.',
    ]);
    const [failed] = ((await admin('GET', '/api/print/jobs')).json() as TPrintJobsResponse).data;
    expect(failed).toMatchObject({ status: 'failed', error: 'Zebra v2: paper out' });
    expect(failed?.serials).toEqual({ gtin: SHIRT_GTIN, first: 4, last: 8, printed_last: 5 });
    expect(await serials()).toMatchObject({ next_serial: 9, labels_printed: 5 });
  });

  it('count what was reported when the utility hangs up mid-job', async () => {
    const gone = await onlineUtility(
      t.app,
      await utilityToken(t.app, a.admin.token, 'Flaky PC'),
      [{ name: 'Zebra flaky', status: 'ready' }],
      2,
    );
    const pending = print('SHIRTM', 4, 'Zebra flaky');
    const job = await gone.next('print_labels');
    gone.send({ type: 'label', jobId: job.jobId, index: 0, ok: true });
    // A repeated report changes nothing; a report of a label out of order is not counted.
    gone.send({ type: 'label', jobId: job.jobId, index: 0, ok: true });
    gone.send({ type: 'label', jobId: job.jobId, index: 2, ok: true });
    await gone.close();
    const res = await pending;
    expect([res.statusCode, res.json().message]).toEqual([
      502,
      `${PRINT_MESSAGES.utilityGone}. Printed: serial 9; not printed and never used again: serials 10 to 12.`,
    ]);
    expect(await serials()).toMatchObject({ next_serial: 13, labels_printed: 6 });
  });

  it('never share a serial between print jobs running at the same time', async () => {
    const seen: string[] = [];
    const stop = printEveryLabel(v2, seen);
    const results = await Promise.all(Array.from({ length: 8 }, () => print('SHIRTM', 3)));
    stop();
    const ranges = results.map((r) => (r.json().job as TPrintJob).serials);
    const numbers = ranges.flatMap((s) => (s ? Array.from({ length: 3 }, (_, i) => s.first + i) : []));
    expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: 24 }, (_, i) => 13 + i));
    expect(new Set(seen.map((zpl) => /\^RFW,H\^FD(\w+)/.exec(zpl)?.[1])).size).toBe(24);
  });

  it('refuse a job that would run past the last SGTIN-96 serial, taking none', async () => {
    await t.database.db.execute(
      sql`update gs1_serials set last_serial = ${SGTIN96_SERIAL_MAX - 2} where gtin = ${SHIRT_GTIN}`,
    );
    const res = await print('SHIRTM', 3);
    expect([res.statusCode, res.json().message]).toEqual([409, PRINT_MESSAGES.serialsExhausted(SHIRT_GTIN)]);
    expect((await serials()).next_serial).toBe(SGTIN96_SERIAL_MAX - 1);
  });
});

describe('labels without serials', () => {
  it('print exactly as before on either protocol: one format sent `quantity` times, no serials', async () => {
    for (const [u, printerName] of [
      [v1, 'Zebra v1'],
      [v2, 'Zebra v2'],
    ] as const) {
      for (const sku of ['SOCKS', 'BD35']) {
        const pending = print(sku, 2, printerName);
        const job = await u.next('print');
        expect(job.quantity).toBe(2);
        expect(job.zpl).toContain('^BQN,2,');
        expect(job.zpl).not.toContain('^BX');
        u.send({ type: 'ack', jobId: job.jobId, ok: true, printed: 2 });
        const res = await pending;
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().job.serials).toBeNull();
      }
    }
  });

  it("follow the company's own prefixes only: another company's same GTIN prints its SKU label", async () => {
    const b = await createTenant(t, 'Other Co');
    const made = await call(b.admin.token, 'POST', '/api/inventory', {
      name: 'Oxford shirt',
      sku: 'SHIRTB',
      gtin: SHIRT_GTIN,
      quantity: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    const res = await call(b.admin.token, 'GET', `/api/print/products/${made.json().id}/serials`);
    expect(res.json()).toEqual({
      gtin: SHIRT_GTIN,
      prefix: null,
      next_serial: null,
      labels_printed: 0,
      jobs: [],
    });
  });

  it("answer a product's serials call: not serialized, nothing printed", async () => {
    const socks = (await admin('GET', '/api/inventory?search=SOCKS')).json().data[0];
    expect((await admin('GET', `/api/print/products/${socks.id}/serials`)).json()).toEqual({
      gtin: '00037000302414',
      prefix: null,
      next_serial: null,
      labels_printed: 0,
      jobs: [],
    });
  });
});

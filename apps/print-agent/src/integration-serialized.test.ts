import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sgtin96, type TPrintJobsResponse, type TPrintStatus } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  buildAgent,
  loginUtility,
  type Proc,
  type Server,
  startFakePrinter,
  startServer,
  startUtilityOn,
  tempDir,
  testDatabase,
} from './test/processes.ts';

/**
 * Serialized GS1 labels through the whole chain, with real processes: the portal, the utility (protocol 2) built
 * into one file, and the stand-in Zebra, which can run out of paper part-way through a job.
 */
const GTIN = '80614141123458';
let server: Server;
let drop: () => Promise<void>;
let token: string;
const email = `serials.${Date.now()}@example.com`;
const password = 'correct-horse';
const config = tempDir('agent-config');
let utility: Proc | undefined;
const printers: { proc: Proc }[] = [];

const labelsIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.zpl'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'));
const status = async () => (await api<TPrintStatus>(server.url, 'GET', '/api/print/status', token)).body;
const print = (sku: string, quantity: number) =>
  api<{ message: string; job: TPrintJobsResponse['data'][number] }>(
    server.url,
    'POST',
    '/api/print/print',
    token,
    {
      quantity,
      printerName: 'Zebra ZD621R',
      productInfo: { sku },
    },
  );

/** A stand-in Zebra saving to a new folder, and the utility (re)started on it. */
async function printerAndUtility(extra: string[] = []) {
  const out = tempDir('serial-labels');
  const printer = await startFakePrinter(out, extra);
  printers.push(printer);
  await utility?.stop();
  utility = startUtilityOn(config, 'Zebra ZD621R', printer.port);
  await utility.waitFor(/Connected to .* \(protocol 2\)/);
  await expect
    .poll(async () => (await status()).printers, { timeout: 10_000 })
    .toEqual([{ name: 'Zebra ZD621R', status: 'ready' }]);
  return out;
}

beforeAll(async () => {
  buildAgent();
  const db = await testDatabase();
  drop = db.drop;
  server = await startServer(db.env);
  const reg = await api<{ token: string }>(server.url, 'POST', '/api/auth/register', undefined, {
    email,
    password,
    company: 'Serial Works',
  });
  token = reg.body.token;
  expect(
    (await api(server.url, 'PUT', '/api/print/gs1-prefixes', token, { prefixes: ['0614141'] })).status,
  ).toBe(200);
  const product = { name: 'Oxford shirt, blue, M', sku: 'SHIRTM', gtin: GTIN, quantity: 9 };
  expect((await api(server.url, 'POST', '/api/inventory', token, product)).status).toBe(201);
  const login = loginUtility(server.url, email, password, config);
  expect(await login.exited, login.output()).toBe(0);
}, 120_000);

afterAll(async () => {
  await utility?.stop();
  for (const p of printers) await p.proc.stop();
  await server?.stop();
  await drop?.();
});

describe('serialized labels from the portal to a Zebra', () => {
  it('print each label as its own format with the next serial in its tag, DataMatrix and text', async () => {
    const out = await printerAndUtility();
    const res = await print('SHIRTM', 3);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.job.serials).toEqual({ gtin: GTIN, first: 1, last: 3, printed_last: 3 });
    const labels = labelsIn(out);
    expect(labels).toHaveLength(3);
    labels.forEach((zpl, i) => {
      expect(zpl).toContain(`^RFW,H^FD${sgtin96(GTIN, i + 1, 7)}^FS`);
      expect(zpl).toContain(`_^FD_101${GTIN}21${i + 1}^FS`);
      expect(zpl).toContain(`^FD(21)${i + 1}^FS`);
    });
    expect(utility?.output()).toMatch(/Job \d+: 3 label\(s\), one by one, on Zebra ZD621R/);
  });

  it('say which serials went out when the printer runs out of paper part-way, and print no more', async () => {
    const out = await printerAndUtility(['--paper-out-after', '2']);
    const res = await print('SHIRTM', 5);
    expect([res.status, res.body.message]).toEqual([
      502,
      'Zebra ZD621R: paper out. Printed: serials 4 to 5; not printed and never used again: serials 6 to 8.',
    ]);
    const labels = labelsIn(out);
    expect(labels).toHaveLength(2);
    expect(labels.map((zpl) => /\^FD\(21\)(\d+)\^FS/.exec(zpl)?.[1])).toEqual(['4', '5']);
    const jobs = await api<TPrintJobsResponse>(server.url, 'GET', '/api/print/jobs', token);
    expect(jobs.body.data[0]).toMatchObject({
      status: 'failed',
      error: 'Zebra ZD621R: paper out',
      serials: { gtin: GTIN, first: 4, last: 8, printed_last: 5 },
    });
  });

  it('go on after the interruption with serials never used before', async () => {
    const out = await printerAndUtility();
    const res = await print('SHIRTM', 2);
    expect(res.body.job.serials).toEqual({ gtin: GTIN, first: 9, last: 10, printed_last: 10 });
    expect(labelsIn(out).map((zpl) => /\^FD\(21\)(\d+)\^FS/.exec(zpl)?.[1])).toEqual(['9', '10']);
  });
});

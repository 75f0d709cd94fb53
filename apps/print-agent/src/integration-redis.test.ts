import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { epcFromSku, type TPrintStatus } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agent,
  api,
  buildAgent,
  type Proc,
  type Server,
  startFakePrinter,
  startServer,
  tempDir,
  testDatabase,
} from './test/processes.ts';

const redisUrl = process.env.TEST_REDIS_URL;
// Two server processes need one PostgreSQL (an embedded PGlite folder belongs to one process).
const isReady = Boolean(redisUrl && process.env.TEST_DATABASE_URL);

describe.runIf(isReady)('two portal instances with Redis: utility on one, request on the other', () => {
  let one: Server;
  let two: Server;
  let drop: () => Promise<void>;
  let printer: Awaited<ReturnType<typeof startFakePrinter>>;
  let utility: Proc;
  let token: string;
  const out = tempDir('relay-labels');

  beforeAll(async () => {
    buildAgent();
    const db = await testDatabase();
    drop = db.drop;
    one = await startServer({ ...db.env, REDIS_URL: redisUrl });
    two = await startServer({ ...db.env, REDIS_URL: redisUrl });
    const email = `relay.${Date.now()}@example.com`;
    const reg = await api<{ token: string }>(one.url, 'POST', '/api/auth/register', undefined, {
      email,
      password: 'correct-horse',
      company: 'Relay Labels',
    });
    token = reg.body.token;
    await api(two.url, 'POST', '/api/inventory', token, {
      name: 'Relay Gummies 10mg',
      sku: 'RG10',
      quantity: 4,
    });
    printer = await startFakePrinter(out);
    const config = tempDir('relay-agent');
    const login = agent([
      'login',
      '--server',
      one.url,
      '--email',
      email,
      '--password',
      'correct-horse',
      '--config',
      config,
    ]);
    expect(await login.exited, login.output()).toBe(0);
    utility = agent([
      'start',
      '--config',
      config,
      '--no-cups',
      '--printer',
      `Front Zebra=127.0.0.1:${printer.port}`,
    ]);
    await utility.waitFor(/Connected to/);
  }, 120_000);

  afterAll(async () => {
    await utility?.stop();
    await printer?.proc.stop();
    await one?.stop();
    await two?.stop();
    await drop?.();
  });

  it('reaches the utility connected to the other instance and answers when it acknowledges', async () => {
    await expect
      .poll(async () => (await api<TPrintStatus>(two.url, 'GET', '/api/print/status', token)).body.printers)
      .toEqual([{ name: 'Front Zebra', status: 'ready' }]);
    const res = await api<{ message: string }>(two.url, 'POST', '/api/print/print', token, {
      zpl: '',
      quantity: 2,
      printerName: 'Front Zebra',
      productInfo: { name: 'Relay Gummies 10mg', sku: 'RG10', epc: '' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Print job sent: 2 label(s) for Relay Gummies 10mg');
    const files = readdirSync(out).filter((f) => f.endsWith('.zpl'));
    expect(files).toHaveLength(2);
    for (const f of files) expect(readFileSync(join(out, f), 'utf8')).toContain(epcFromSku('RG10'));
  });
});

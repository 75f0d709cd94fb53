import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { epcFromSku, type TPrintStatus } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agent,
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
 * The whole chain with real processes: the portal server, the utility built into one file and run with Node alone
 * (signed in through the API), and the stand-in Zebra on raw TCP.
 */
let server: Server;
let dbEnv: NodeJS.ProcessEnv;
let drop: () => Promise<void>;
let token: string;
const email = `printer.${Date.now()}@example.com`;
const password = 'correct-horse';
const printerOut = tempDir('labels');
const config = tempDir('agent-config');
let printer: Awaited<ReturnType<typeof startFakePrinter>>;
let utility: Proc | undefined;

const labels = () =>
  readdirSync(printerOut)
    .filter((f) => f.endsWith('.zpl'))
    .sort();
const status = async () => (await api<TPrintStatus>(server.url, 'GET', '/api/print/status', token)).body;
const print = (sku: string, quantity: number) =>
  api<{ message: string }>(server.url, 'POST', '/api/print/print', token, {
    zpl: '',
    quantity,
    printerName: 'Zebra ZD621R',
    productInfo: { name: '', sku, epc: '' },
  });

async function startUtility(printerPort: number) {
  const proc = startUtilityOn(config, 'Zebra ZD621R', printerPort);
  await proc.waitFor(/Connected to/);
  await expect
    .poll(async () => (await status()).printers, { timeout: 10_000 })
    .toEqual([{ name: 'Zebra ZD621R', status: 'ready' }]);
  return proc;
}

beforeAll(async () => {
  buildAgent();
  const db = await testDatabase();
  drop = db.drop;
  dbEnv = db.env;
  server = await startServer(dbEnv);
  const reg = await api<{ token: string }>(server.url, 'POST', '/api/auth/register', undefined, {
    email,
    password,
    company: 'Label Works',
  });
  token = reg.body.token;
  for (const [name, sku] of [
    ['Blue Dream 3.5g', 'BD35'],
    ['Sour Diesel Pre-Roll 5 pack', 'SD5PK'],
  ]) {
    expect((await api(server.url, 'POST', '/api/inventory', token, { name, sku, quantity: 9 })).status).toBe(
      201,
    );
  }
  printer = await startFakePrinter(printerOut);
}, 120_000);

afterAll(async () => {
  await utility?.stop();
  await printer?.proc.stop();
  await server?.stop();
  await drop?.();
});

describe('the print utility with the portal and a Zebra', () => {
  it('signs in through the API and keeps its token readable only by the user', async () => {
    const login = loginUtility(server.url, email, password, config);
    expect(await login.exited, login.output()).toBe(0);
    expect(login.output()).toContain(`Signed in to ${server.url} as ${email}`);
    const file = join(config, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.token).toMatch(/^qpu_/);
    expect(JSON.stringify(saved)).not.toContain(password);
  });

  it('asks for what is missing, and says so when there is no terminal', async () => {
    const login = agent(['login', '--server', server.url, '--email', email, '--config', tempDir('no-tty')]);
    expect(await login.exited).toBe(1);
    expect(login.output()).toContain('Password is missing, and there is no terminal to ask on');
  });

  it('prints a label from the portal at the Zebra with the EPC, the SKU and the quantity', async () => {
    utility = await startUtility(printer.port);
    expect((await status()).connected).toBe(true);
    const res = await print('bd35', 3);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Print job sent: 3 label(s) for Blue Dream 3.5g');
    await expect.poll(() => labels().length).toBe(3);
    for (const f of labels()) {
      const zpl = readFileSync(join(printerOut, f), 'utf8');
      expect(zpl).toContain(`^RFW,H^FD${epcFromSku('BD35')}^FS`);
      expect(zpl).toContain('^FDSKU: BD35^FS');
      expect(zpl).toContain('^FDQA,BD35^FS');
      expect(zpl.startsWith('^XA')).toBe(true);
    }
    const jobs = await api<{ data: { status: string; quantity: number }[] }>(
      server.url,
      'GET',
      '/api/print/jobs',
      token,
    );
    expect(jobs.body.data[0]).toMatchObject({ status: 'succeeded', quantity: 3 });
  });

  it('fails clearly, without hanging, when the utility is killed in the middle of a job', async () => {
    // A printer slow to answer its status keeps the job in the utility long enough to kill it there.
    const slow = await startFakePrinter(tempDir('slow-labels'), ['--status-delay', '5000']);
    await utility?.stop();
    utility = await startUtility(slow.port);
    const started = Date.now();
    const pending = print('SD5PK', 1);
    await utility.waitFor(/Job \d+: 1 label\(s\) on Zebra ZD621R/);
    await utility.stop('SIGKILL');
    const res = await pending;
    expect([res.status, res.body.message]).toEqual([
      502,
      'The print utility disconnected before confirming the job',
    ]);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect.poll(async () => (await status()).connected).toBe(false);
    expect((await print('SD5PK', 1)).body.message).toBe('Print utility not connected');
    await slow.proc.stop();
  });

  it('reconnects on its own when the portal goes away and comes back', async () => {
    utility = await startUtility(printer.port);
    await server.proc.stop();
    await utility.waitFor(/Disconnected from .*; trying again in/);
    server = await startServer(dbEnv, { port: server.port, dataDir: server.dataDir });
    await utility.waitFor(/Connected to[\s\S]*Connected to/, 30_000);
    await expect.poll(async () => (await status()).connected, { timeout: 10_000 }).toBe(true);
    const before = labels().length;
    expect((await print('SD5PK', 2)).status).toBe(200);
    await expect.poll(() => labels().length).toBe(before + 2);
  });

  it('signs out: the token is revoked at the portal and forgotten here', async () => {
    await utility?.stop();
    const logout = agent(['logout', '--config', config]);
    expect(await logout.exited, logout.output()).toBe(0);
    expect(logout.output()).toContain('Signed out');
    expect(() => statSync(join(config, 'config.json'))).toThrow();
    const start = agent(['start', '--config', config, '--no-cups']);
    expect(await start.exited).toBe(1);
    expect(start.output()).toContain('Not signed in');
  });
});

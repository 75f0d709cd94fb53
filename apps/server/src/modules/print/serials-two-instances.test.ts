import { randomUUID } from 'node:crypto';
import type { TPrintJob } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineUtility, printEveryLabel, type UtilityClient } from '../../test/print-utility.ts';
import { call, type ServerProcess, startServerProcess } from '../../test/server-process.ts';
import { newPostgresDatabase } from '../../test/test-app.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

// Two real server processes on one PostgreSQL database, as behind a load balancer, each holding a print utility of
// the same person: print jobs for one GTIN sent to both at once must never share a serial.
describe.runIf(serverUrl)('serial numbers with two instances on one database', () => {
  let drop: (() => Promise<void>) | undefined;
  const GTIN = '80614141123458';
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;
  const utilities: UtilityClient[] = [];
  const printed: string[] = [];
  const stops: (() => void)[] = [];

  beforeAll(async () => {
    const database = await newPostgresDatabase(serverUrl as string, 'quantics_serials');
    drop = database.drop;
    const env = {
      DATABASE_URL: database.url,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      PRINT_QUANTITY_MAX: '50',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const reg = await call(a, 'POST', '/api/auth/register', {
      body: {
        email: `serials.${randomUUID()}@example.com`,
        password: 'correct-horse',
        company: 'Serials Co',
      },
    });
    token = reg.body.token as string;
    expect(
      (await call(a, 'PUT', '/api/print/gs1-prefixes', { token, body: { prefixes: ['0614141'] } })).status,
    ).toBe(200);
    const product = { name: 'Oxford shirt', sku: 'SHIRTM', gtin: GTIN, quantity: 1 };
    expect((await call(b, 'POST', '/api/inventory', { token, body: product })).status).toBe(201);
    // One utility on each instance, each with its own printer, so each instance's requests go to its own utility.
    for (const [server, printer] of [
      [a, 'Zebra A'],
      [b, 'Zebra B'],
    ] as const) {
      const made = await call(server, 'POST', '/api/print/agents', { token, body: { name: printer } });
      const utility = await onlineUtility(
        server.url,
        made.body.token as string,
        [{ name: printer, status: 'ready' }],
        2,
      );
      utilities.push(utility);
      stops.push(printEveryLabel(utility, printed));
    }
  }, 180_000);

  afterAll(async () => {
    for (const stop of stops) stop();
    await Promise.all(utilities.map((u) => u.close()));
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
  });

  it('never give one serial to two print jobs, whichever instance takes them', async () => {
    const JOBS = 12;
    const PER_JOB = 5;
    const requests = Array.from({ length: JOBS }, (_, i) => {
      const [server, printerName] = i % 2 ? [b, 'Zebra B'] : [a, 'Zebra A'];
      return call(server, 'POST', '/api/print/print', {
        token,
        body: { quantity: PER_JOB, printerName, productInfo: { sku: 'SHIRTM' } },
      });
    });
    const results = await Promise.all(requests);
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ranges = results.map((r) => (r.body.job as TPrintJob).serials);
    const serials = ranges.flatMap((s) =>
      s ? Array.from({ length: s.last - s.first + 1 }, (_, i) => s.first + i) : [],
    );
    // Every serial from 1 to 60 exactly once: no two jobs share one, and none is skipped.
    expect(serials.sort((x, y) => x - y)).toEqual(Array.from({ length: JOBS * PER_JOB }, (_, i) => i + 1));
    // And the tags the utilities were sent are as many distinct EPCs.
    expect(new Set(printed.map((zpl) => /\^RFW,H\^FD(\w+)/.exec(zpl)?.[1])).size).toBe(JOBS * PER_JOB);
    const next = await call(a, 'GET', `/api/print/products/${(await productId(b)).toString()}/serials`, {
      token,
    });
    expect(next.body).toMatchObject({ next_serial: JOBS * PER_JOB + 1, labels_printed: JOBS * PER_JOB });
  });

  async function productId(server: ServerProcess): Promise<number> {
    const list = await call(server, 'GET', '/api/inventory?search=SHIRTM', { token });
    return (list.body.data as { id: number }[])[0]?.id ?? 0;
  }
});

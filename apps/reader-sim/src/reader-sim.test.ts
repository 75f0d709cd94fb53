import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, runCli } from './cli-test-helpers.ts';
import { type SpawnedServer, spawnServer } from './spawn-server.ts';

const stateFile = join(mkdtempSync(join(tmpdir(), 'reader-sim-')), 'state.json');
let server: SpawnedServer;
let token: string;

const api = (method: string, path: string, body?: object) => callApi(server.url, token, method, path, body);
const sim = (args: string[]) => runCli(args, stateFile);

beforeAll(async () => {
  server = await spawnServer({ READER_POLL_INTERVAL: '1' });
  const reg = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'sim@example.com', password: 'correct-horse', company: 'Sim Co' }),
  });
  token = (await reg.json()).token;
}, 120_000);
afterAll(() => server?.close());

describe('reader simulator against a real server', () => {
  it('pairs with the code a person confirms, then scans over a dropping network without losing a read', async () => {
    const pairing = sim(['pair', '--server', server.url, '--serial', 'SIM-001']);
    let code: string | undefined;
    for (let i = 0; i < 300 && !code; i++) {
      await new Promise((r) => setTimeout(r, 100));
      code = /PAIRING CODE (\d{6})/.exec(pairing.output())?.[1];
    }
    expect(code).toMatch(/^\d{6}$/);
    const confirm = await api('POST', '/api/rfid/register/confirm', { code });
    expect(confirm.status).toBe(200);
    const paired = await pairing.done;
    expect(paired.code, paired.err).toBe(0);
    expect(paired.out).toContain('PAIRED SIM-001');

    const store = (await api('POST', '/api/locations', { name: 'Store' })).body.id;
    const shelf = (await api('POST', '/api/locations', { name: 'Shelf', parent_location_id: store })).body.id;
    const warehouse = (await api('POST', '/api/locations', { name: 'Warehouse' })).body.id;
    let expected = 0;
    for (let i = 1; i <= 12; i++) {
      const quantity = (i % 4) + 1;
      expected += quantity;
      const res = await api('POST', '/api/inventory', {
        name: `Item ${i}`,
        sku: `S${String(i).padStart(3, '0')}X`,
        quantity,
        location_id: i % 2 ? store : shelf,
      });
      expect(res.status).toBe(201);
    }
    for (let i = 1; i <= 3; i++) {
      await api('POST', '/api/inventory', {
        name: `Far ${i}`,
        sku: `F${String(i).padStart(3, '0')}X`,
        quantity: 4,
        location_id: warehouse,
      });
    }

    // Kept in two places: only its 2 units on the shelf are on the store's shelves, not its 7 in all.
    const split = await api('POST', '/api/inventory', {
      name: 'Split',
      sku: 'SPLIT01X',
      stock: [
        { location_id: shelf, quantity: 2 },
        { location_id: warehouse, quantity: 5 },
      ],
    });
    expect(split.status, JSON.stringify(split.body)).toBe(201);
    expected += 2;

    const scan = sim([
      'scan',
      '--catalogue',
      // The joined form: a token may begin with '-', which would read as an option.
      `--user-token=${token}`,
      '--location-id',
      String(store),
      '--name',
      'Store walk',
      '--missing',
      '3',
      '--extra',
      '2',
      '--misplaced',
      '2',
      '--unknown',
      '2',
      '--read-rate',
      '200',
      '--batch-ms',
      '40',
      '--drop-rate',
      '0.3',
      '--json',
    ]);
    const result = await scan.done;
    expect(result.code, result.err).toBe(0);
    const summary = JSON.parse(result.out.trim().split('\n').pop() ?? '{}');
    // The network really lost requests and answers, and batches were resent.
    expect(summary.dropped).toBeGreaterThan(0);
    expect(summary.retries).toBeGreaterThan(0);

    const [run] = summary.audits;
    const audit = (await api('GET', `/api/audits/${run.audit_id}`)).body;
    expect(audit).toMatchObject({
      status: 'completed',
      name: 'Store walk',
      batch_count: run.batches,
      reads_count: run.reads_sent,
      tags_expected: expected,
      tags_found: expected - 3 + 2,
      misplaced_count: 2,
      unknown_count: 2,
    });
    const rows = (await api('GET', `/api/audits/${run.audit_id}/discrepancies`)).body as {
      discrepancy_type: string;
    }[];
    const types = new Set(rows.map((r) => r.discrepancy_type));
    expect(types).toContain('misplaced');
    expect(types).toContain('unknown');
    const devices = (await api('GET', '/api/devices')).body;
    expect(devices[0]).toMatchObject({ serial_number: 'SIM-001', status: 'online', battery_level: 85 });
  }, 120_000);
});

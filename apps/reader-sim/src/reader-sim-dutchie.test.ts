import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDutchieItem } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DutchieSimProcess, SIM_KEY, startDutchieSim } from '../../server/src/test/dutchie-sim.ts';
import { callApi, runCli } from './cli-test-helpers.ts';
import { type SpawnedServer, spawnServer } from './spawn-server.ts';

// A Dutchie company's room audited by the simulator, all three as their own processes.

const dir = mkdtempSync(join(tmpdir(), 'reader-sim-dutchie-'));
const stateFile = join(dir, 'state.json');
let dutchie: DutchieSimProcess;
let server: SpawnedServer;
let token: string;

const api = (method: string, path: string, body?: object) => callApi(server.url, token, method, path, body);
const cli = (args: string[]) => runCli(args, stateFile);

beforeAll(async () => {
  dutchie = await startDutchieSim();
  server = await spawnServer({ READER_POLL_INTERVAL: '1', DUTCHIE_API_URL: dutchie.url });
  const reg = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'dutchie-sim@example.com',
      password: 'correct-horse',
      company: 'Greenleaf',
      useDutchie: true,
      dutchieApiKey: SIM_KEY,
    }),
  });
  token = (await reg.json()).token;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await dutchie?.stop();
});

describe('reader simulator, Dutchie company', () => {
  it('--room audits one room against its Dutchie quantities', async () => {
    const pairing = cli(['pair', '--server', server.url, '--serial', 'SIM-D01']);
    let code: string | undefined;
    for (let i = 0; i < 300 && !code; i++) {
      await new Promise((r) => setTimeout(r, 100));
      code = /PAIRING CODE (\d{6})/.exec(pairing.output())?.[1];
    }
    expect((await api('POST', '/api/rfid/register/confirm', { code })).status).toBe(200);
    const paired = await pairing.done;
    expect(paired.code, paired.err).toBe(0);

    const all = (await api('GET', '/api/dutchie-inventory?includeZero=true&limit=1000')).body
      .data as TDutchieItem[];
    const floor = (p: TDutchieItem) =>
      p.rooms.filter((r) => r.roomName === 'Sales Floor').reduce((s, r) => s + r.quantity, 0);
    const onFloor = all.filter((p) => floor(p) > 0);
    expect(onFloor.length).toBeGreaterThan(10);
    const epcs = join(dir, 'floor.txt');
    writeFileSync(epcs, onFloor.map((p) => `${p.packageId},${floor(p)}`).join('\n'));

    const scan = cli([
      'scan',
      '--epcs',
      epcs,
      '--room',
      'Sales Floor',
      '--batch-ms',
      '40',
      '--read-rate',
      '0',
      '--json',
    ]);
    const result = await scan.done;
    expect(result.code, result.err).toBe(0);
    const summary = JSON.parse(result.out.trim().split('\n').pop() ?? '{}');
    const audit = (await api('GET', `/api/audits/${summary.audits[0].audit_id}`)).body;
    const units = onFloor.reduce((s, p) => s + floor(p), 0);
    expect(audit).toMatchObject({
      status: 'completed',
      location: 'Sales Floor',
      tags_expected: units,
      tags_found: units,
      discrepancies_count: 0,
      accuracy: 100,
    });
  }, 180_000);
});

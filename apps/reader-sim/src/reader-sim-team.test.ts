import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TAudit, TAuditProgress } from '@quantics/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, runCli } from './cli-test-helpers.ts';
import { type SpawnedServer, spawnServer } from './spawn-server.ts';

// Team counts (issue 49): three simulated handhelds count one store together, their tags overlapping.

const stateFile = join(mkdtempSync(join(tmpdir(), 'reader-sim-team-')), 'state.json');
let server: SpawnedServer;
let token: string;

const api = (method: string, path: string, body?: object) => callApi(server.url, token, method, path, body);
const sim = (args: string[]) => runCli(args, stateFile);

beforeAll(async () => {
  server = await spawnServer({});
  const reg = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'team@example.com', password: 'correct-horse', company: 'Team Sim Co' }),
  });
  token = (await reg.json()).token;
}, 120_000);
afterAll(() => server?.close());

describe('reader simulator: a team count', () => {
  it('three handhelds join one count, send overlapping batches, and the last one to finish completes it', async () => {
    const pairing = sim(['pair', '--server', server.url, '--serial', 'TEAM', '--readers', '3']);
    const confirmed = new Set<string>();
    for (let i = 0; i < 300 && confirmed.size < 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      for (const [, code] of pairing.output().matchAll(/PAIRING CODE (\d{6})/g)) {
        if (!code || confirmed.has(code)) continue;
        confirmed.add(code);
        expect((await api('POST', '/api/rfid/register/confirm', { code })).status).toBe(200);
      }
    }
    const paired = await pairing.done;
    expect(paired.code, paired.err).toBe(0);

    const store = (await api('POST', '/api/locations', { name: 'Store' })).body.id;
    let expected = 0;
    for (let i = 1; i <= 30; i++) {
      const quantity = (i % 3) + 1;
      expected += quantity;
      const res = await api('POST', '/api/inventory', {
        name: `Item ${i}`,
        sku: `T${String(i).padStart(3, '0')}X`,
        quantity,
        location_id: store,
      });
      expect(res.status).toBe(201);
    }

    const scan = sim([
      'scan',
      '--team',
      '--readers',
      '3',
      '--overlap',
      '0.5',
      '--catalogue',
      `--user-token=${token}`,
      '--location-id',
      String(store),
      '--name',
      'Store team',
      '--read-rate',
      '300',
      '--batch-ms',
      '30',
      '--json',
    ]);
    const result = await scan.done;
    expect(result.code, result.err).toBe(0);
    const summary = JSON.parse(result.out.trim().split('\n').pop() ?? '{}') as {
      team: boolean;
      tags: number;
      audits: { serial: string; audit_id: number; batches: number; reads_sent: number; audit: TAudit }[];
    };
    expect(summary.team).toBe(true);
    // One count, three readers, each with batches of its own; the overlap was read twice.
    const ids = new Set(summary.audits.map((a) => a.audit_id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(summary.audits.every((a) => a.batches > 0)).toBe(true);
    // Exactly one reader's complete completed the count: the last one; the others finished their parts.
    expect(summary.audits.filter((a) => a.audit.status === 'completed')).toHaveLength(1);

    const audit = (await api('GET', `/api/audits/${id}`)).body as TAudit;
    expect(audit).toMatchObject({
      status: 'completed',
      name: 'Store team',
      tags_expected: expected,
      tags_found: expected,
      discrepancies_count: 0,
      batch_count: summary.audits.reduce((n, a) => n + a.batches, 0),
      reads_count: summary.audits.reduce((n, a) => n + a.reads_sent, 0),
    });
    const progress = (await api('GET', `/api/audits/${id}/progress`)).body as TAuditProgress;
    // The handhelds join at once, so their seats (the order progress lists them in) are in whichever order they got in.
    const seated = progress.participants.map((p) => [p.device_name, p.finished]);
    expect(seated.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['Quantics SimReader TEAM-1', true],
      ['Quantics SimReader TEAM-2', true],
      ['Quantics SimReader TEAM-3', true],
    ]);
    // Each read more than a third of the store: the overlap is in every reader's units, and once in the count's.
    const units = progress.participants.map((p) => p.units);
    expect(units.reduce((n, u) => n + u, 0)).toBeGreaterThan(expected);
  }, 180_000);
});

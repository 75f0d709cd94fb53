import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TAuditProgress, TDevice, TOpenCountsResponse, TPrintJobsResponse } from '@quantics/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import {
  expectEveryCapability,
  expectMetrcManifest,
  expectPackageCount,
  metrcShipment,
} from './demo-capabilities.ts';
import { DUTCHIE_COMPANY, PEOPLE, READERS } from './demo-data.ts';
import { API_KEY_NAME } from './showcase.ts';
import { portalClient, REPO, signIn } from './stand-ins.ts';

/**
 * `npm run demo` as a user runs it (without the web build): a small seed into its own data folder, every stand-in
 * as its own process, then Ctrl-C (SIGINT). Every process it started must be gone afterwards; a second start
 * reuses the data (no new seed, the readers keep their tokens).
 */

const dataDir = mkdtempSync(join(tmpdir(), 'quantics-demo-run-'));
const started: ChildProcess[] = [];
afterAll(async () => {
  // A failed assertion must not leave a demo running: stop whatever is still up, as Ctrl-C would.
  for (const child of started.filter((c) => c.exitCode === null && c.signalCode === null)) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A process as /proc knows it: its pid and start time, so a reused pid is not mistaken for it. */
type ProcId = { pid: number; start: string; cmd: string };
const stat = (pid: number) => {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), start: fields[19] as string };
  } catch {
    return null;
  }
};
const isAlive = (p: ProcId) => stat(p.pid)?.start === p.start;

/** Every process below `root`, found by walking /proc (not by asking the demo). */
function descendants(root: number): ProcId[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    const s = Number.isInteger(pid) ? stat(pid) : null;
    if (s) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  }
  const found: ProcId[] = [];
  const queue = [...(children.get(root) ?? [])];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    const s = stat(pid);
    if (!s) continue;
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    found.push({ pid, start: s.start, cmd });
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

function startDemo(port: number) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/demo/main.ts',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--products',
      '300',
      '--days',
      '20',
    ],
    { cwd: REPO, env: { ...process.env, DATABASE_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  started.push(child);
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Quantics demo is running at')) {
        clearInterval(timer);
        resolve();
      }
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`demo exited ${child.exitCode}:\n${out}`));
      }
    }, 200);
  });
  return { child, ready, output: () => out };
}

async function stopDemo(child: ChildProcess, output: () => string) {
  const pids = descendants(child.pid as number);
  // Dutchie and Metrc stand-ins, portal, printer, utility and three readers.
  expect(pids.length, pids.map((p) => p.cmd).join('\n')).toBeGreaterThanOrEqual(8);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  expect(await exited, output()).toBe(0);
  expect(output()).toContain('Stopped: portal, stand-ins and readers.');
  // Helpers such as tsx's esbuild service end when their parent's pipe closes, a moment after it exits.
  for (let i = 0; i < 50 && pids.some(isAlive); i++) await new Promise((r) => setTimeout(r, 200));
  expect(pids.filter(isAlive).map((p) => p.cmd)).toEqual([]);
}

/** The team count in progress and the reads each of its handhelds has sent. */
async function teamCount(api: ReturnType<typeof portalClient>) {
  const open = await api<TOpenCountsResponse>('GET', '/api/audits/open');
  const count = open.data.find((c) => c.name.endsWith('(team count)'));
  const progress = await api<TAuditProgress>('GET', `/api/audits/${count?.id}/progress`);
  return { id: count?.id, reads: progress.participants.map((p) => p.reads) };
}

describe('npm run demo', () => {
  it('runs every part, stops them all on Ctrl-C, and starts again on the same data', async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const first = startDemo(port);
    await first.ready;
    expect(first.output()).toContain('Seeded in');
    // The banner says where the portal's metrics are, and they are there.
    const metricsUrl = first.output().match(/Metrics \(Prometheus text format\): (\S+);/)?.[1];
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const scraped = await fetch(metricsUrl as string);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('# TYPE quantics_reads_accepted_total counter');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
    const api = portalClient(base, await signIn(base, PEOPLE.admin.email));

    const all = await api<TDevice[]>('GET', '/api/devices');
    // The three readers running beside the portal (the showcase's handhelds and fixed reader are there too).
    const devices = all.filter((d) => READERS.some((r) => r.serial === d.serial_number));
    expect(devices).toHaveLength(READERS.length);
    expect(devices.every((d) => d.status !== 'offline')).toBe(true);
    expect(devices.find((d) => d.serial_number === READERS[1].serial)?.status).toBe('warning');
    const status = await api<{ connected: boolean }>('GET', '/api/print/status');
    expect(status.connected).toBe(true);
    const jobs = await api<TPrintJobsResponse>('GET', '/api/print/jobs');
    expect(jobs.data.length).toBeGreaterThan(0);
    expect(jobs.data.every((j) => j.status === 'succeeded')).toBe(true);
    const labels = readdirSync(join(dataDir, 'labels'));
    expect(labels).toHaveLength(jobs.data.reduce((n, j) => n + j.quantity, 0));

    // Every capability (issue 54) through real HTTP to the demo's portal, and the API key the banner prints works.
    const token = await signIn(base, PEOPLE.admin.email);
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(200);
      return (res.headers.get('content-type')?.includes('json') ? res.json() : res.text()) as Promise<T>;
    };
    await expectEveryCapability(get, { days: 20 });
    const team = await teamCount(api);
    expect(team.reads).toHaveLength(2);
    const switched = await fetch(`${base}/api/team/switch-company`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        companyId: (await api<{ id: number; name: string }[]>('GET', '/api/team/companies')).find(
          (c) => c.name === DUTCHIE_COMPANY,
        )?.id,
      }),
    });
    expect(switched.status).toBe(200);
    const dutchieToken = ((await switched.json()) as { token: string }).token;
    const getDutchie = async <T>(path: string) => {
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${dutchieToken}` } });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    await expectPackageCount(getDutchie);
    // Metrc connected: the portal's metrc-sync sweep reads the Metrc stand-in (its own process) on its own.
    await expect.poll(() => metrcShipment(getDutchie), { timeout: 180_000, interval: 1000 }).not.toBeNull();
    await expectMetrcManifest(getDutchie);
    // Back to the outfitter, where signing in lands (the next start's checks are about it).
    const back = await fetch(`${base}/api/team/switch-company`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dutchieToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        companyId: (await api<{ id: number; name: string }[]>('GET', '/api/team/companies')).find(
          (c) => c.name !== DUTCHIE_COMPANY,
        )?.id,
      }),
    });
    expect(back.status).toBe(200);
    expect(first.output()).toContain(`API key "${API_KEY_NAME}"`);
    const key = first.output().match(/\b(qk_[A-Za-z0-9_-]+)/)?.[1];
    const byKey = await fetch(`${base}/api/inventory?limit=1`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(byKey.status).toBe(200);
    await stopDemo(first.child, first.output);

    const again = startDemo(port);
    await again.ready;
    expect(again.output()).not.toContain('Seeding');
    // Each reader paired once, in the first run, and kept its token.
    // The demo waits for each reader's ONLINE in its output; the log file gets the line a moment later.
    const logged = (serial: string, pattern: RegExp) =>
      readFileSync(join(dataDir, 'logs', `reader-${serial}.log`), 'utf8').match(pattern)?.length ?? 0;
    for (const r of READERS) {
      await expect.poll(() => logged(r.serial, /ONLINE/g), { timeout: 10_000 }).toBe(2);
      expect(logged(r.serial, /PAIRING CODE/g)).toBe(1);
    }
    const api2 = portalClient(base, await signIn(base, PEOPLE.admin.email));
    expect(await api2<TDevice[]>('GET', '/api/devices')).toHaveLength(all.length);
    expect((await api2<TPrintJobsResponse>('GET', '/api/print/jobs')).data).toHaveLength(jobs.data.length);
    // The team count is still under way: its two handhelds went on reading (a count silent for the time-out fails).
    const teamAgain = await teamCount(api2);
    expect(teamAgain.id).toBe(team.id);
    expect(
      teamAgain.reads.every((n, i) => n > (team.reads[i] ?? 0)),
      JSON.stringify([team, teamAgain]),
    ).toBe(true);
    await stopDemo(again.child, again.output);
  }, 900_000);
});

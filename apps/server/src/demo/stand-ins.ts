import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TLocation } from '@quantics/contracts';
import { DEMO_PASSWORD, METRC_MANIFEST, PEOPLE, READERS } from './demo-data.ts';
import type { DemoProcess, ProcessGroup } from './processes.ts';

// The programs beside the portal: each a separate process speaking the real protocol to it.

export const REPO = join(import.meta.dirname, '..', '..', '..', '..');
const app = (path: string) => join(REPO, 'apps', path);
export const PROGRAMS = {
  server: app('server/src/server.ts'),
  dutchieSim: app('dutchie-sim/src/main.ts'),
  metrcSim: app('metrc-sim/src/main.ts'),
  fakePrinter: app('print-agent/src/fake-printer.ts'),
  printUtility: app('print-agent/src/cli.ts'),
  readerSim: app('reader-sim/src/cli.ts'),
};

/**
 * The portal's node flags, as `npm start` gives them: a 32 MB young generation lets a report's pages die young
 * instead of growing the old one (a 1,000,000-row report's first download: 171 -> 80 MB, and faster; README).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

export const PRINTER_NAME = 'Zebra ZD621R (demo)';

type Json = Record<string, unknown>;

/** A small JSON client for the running portal, signed in or not. */
export function portalClient(base: string, token: string | null = null) {
  return async <T = Json>(method: string, path: string, body?: object): Promise<T> => {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
}

export async function signIn(base: string, email: string): Promise<string> {
  const res = await portalClient(base)<{ token?: string }>('POST', '/api/auth/login', {
    email,
    password: DEMO_PASSWORD,
  });
  if (!res.token) throw new Error(`signing in ${email} gave no session`);
  return res.token;
}

export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The Metrc stand-in on a free port, holding the manifest on its way to Greenleaf (it keeps its data in memory, so
 * each start puts it there again: the same manifest number, which the portal's sync updates while it is expected).
 */
export async function startMetrc(group: ProcessGroup, env: NodeJS.ProcessEnv): Promise<string> {
  const metrc = group.start('metrc-sim', [PROGRAMS.metrcSim, '--port', '0'], env);
  const [, url = ''] = await metrc.waitFor(/listening on (http:\/\/\S+)/);
  const res = await fetch(`${url}/__sim/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...METRC_MANIFEST,
      // Arriving tomorrow at noon.
      estimatedArrival: new Date(
        Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000 + 12 * 3_600_000,
      ).toISOString(),
    }),
  });
  if (!res.ok) throw new Error(`metrc-sim: the manifest was refused (${res.status} ${await res.text()})`);
  return url;
}

/** The stand-in Zebra on a free port, and the print utility signed in as the admin and connected to it. */
export async function startPrinting(
  group: ProcessGroup,
  env: NodeJS.ProcessEnv,
  dataDir: string,
  base: string,
) {
  const printer = group.start(
    'zebra-printer',
    [PROGRAMS.fakePrinter, '--port', '0', '--out', join(dataDir, 'labels')],
    env,
  );
  const [, port] = await printer.waitFor(/listening on [\d.]+:(\d+)/);
  const config = join(dataDir, 'print-utility');
  if (!existsSync(join(config, 'config.json'))) {
    mkdirSync(config, { recursive: true });
    await group.run(
      'print-utility-login',
      [
        PROGRAMS.printUtility,
        'login',
        '--server',
        base,
        '--email',
        PEOPLE.admin.email,
        '--password',
        DEMO_PASSWORD,
        '--name',
        'Front desk PC',
        '--config',
        config,
      ],
      env,
    );
  }
  const utility = group.start(
    'print-utility',
    [
      PROGRAMS.printUtility,
      'start',
      '--printer',
      `${PRINTER_NAME}=127.0.0.1:${port}`,
      '--no-cups',
      '--config',
      config,
    ],
    env,
  );
  return { printer, utility };
}

/**
 * The readers, each its own reader-sim process: pairing through the protocol when it has no token yet (the code it
 * prints is confirmed here, as a person would type it into Devices > Register Device), then heartbeats and audits.
 */
export async function startReaders(
  group: ProcessGroup,
  env: NodeJS.ProcessEnv,
  dataDir: string,
  base: string,
  adminToken: string,
): Promise<DemoProcess[]> {
  const api = portalClient(base, adminToken);
  const locations = await api<TLocation[]>('GET', '/api/locations');
  const leaves = (prefix: string) =>
    locations
      .filter((l) => l.path.startsWith(prefix) && l.children_count === 0)
      .map((l) => l.id)
      .join(',');
  const behaviour = [
    // Healthy, counts the Portland sales floor every few minutes.
    ['--audit-every', '4', '--location-ids', leaves('Portland Store > Sales Floor')],
    // Low battery, counts the Seattle backroom now and then.
    ['--audit-every', '7', '--location-ids', leaves('Seattle Store > Backroom')],
    // Switched off in a drawer after a minute; back for a minute every 20.
    ['--offline-after', '60', '--offline-for', '1140'],
  ];
  mkdirSync(join(dataDir, 'readers'), { recursive: true });
  const procs = READERS.map((r, i) => {
    const p = group.start(
      `reader-${r.serial}`,
      [
        PROGRAMS.readerSim,
        'live',
        '--server',
        base,
        '--serial',
        r.serial,
        '--model',
        r.model,
        '--state',
        join(dataDir, 'readers', `${r.serial}.json`),
        '--battery',
        String(r.battery),
        '--signal',
        String(r.signal),
        '--heartbeat-every',
        '20',
        ...(behaviour[i] ?? []),
      ],
      { ...env, QUANTICS_USER_TOKEN: adminToken },
    );
    p.onLine((line) => {
      const code = /PAIRING CODE (\d{6})/.exec(line)?.[1];
      if (code)
        void api('POST', '/api/rfid/register/confirm', { code }).catch((err) =>
          process.stderr.write(`${err}\n`),
        );
    });
    return p;
  });
  // Paired (now or before) once each has been heard from.
  await Promise.all(procs.map((p) => p.waitFor(/ONLINE/, 90_000)));
  return procs;
}

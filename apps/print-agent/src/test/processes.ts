import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Real processes for the integration tests: the portal server, the built utility and the stand-in printer.

const AGENT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REPO = join(AGENT_DIR, '..', '..');
export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), `${prefix}-`));

/** This test file's own build of the single-file utility and printer, as a user would get them. */
const BUILD_DIR = tempDir('quantics-print-build');
export const AGENT_BUNDLE = join(BUILD_DIR, 'quantics-print.mjs');
const PRINTER_BUNDLE = join(BUILD_DIR, 'fake-printer.mjs');

export function buildAgent(): void {
  execFileSync(process.execPath, [join(AGENT_DIR, 'build.mjs'), '--outdir', BUILD_DIR], { stdio: 'inherit' });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A child process whose output is kept, with a way to wait for a line. */
export type Proc = {
  child: ChildProcess;
  output: () => string;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  exited: Promise<number>;
  stop: (signal?: NodeJS.Signals) => Promise<number>;
};

export function run(args: string[], env: NodeJS.ProcessEnv = {}, cwd = REPO): Proc {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (c: Buffer) => {
    text += c.toString();
    for (const l of listeners) l();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1))),
  );
  const waitFor = (pattern: RegExp, timeoutMs = 20_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = text.match(pattern);
        if (!m) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(m);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting for ${pattern} in:\n${text.slice(-2000)}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { child, output: () => text, waitFor, exited, stop };
}

/** The utility from its bundle, run with Node alone. */
export const agent = (args: string[], env: NodeJS.ProcessEnv = {}) => run([AGENT_BUNDLE, ...args], env);

/** `login` with everything given on the command line, keeping the token in `config`. */
export const loginUtility = (server: string, email: string, password: string, config: string) =>
  agent(['login', '--server', server, '--email', email, '--password', password, '--config', config]);

/** `start` with one raw TCP printer on this machine and no CUPS queues. */
export const startUtilityOn = (config: string, printerName: string, port: number) =>
  agent(['start', '--config', config, '--no-cups', '--printer', `${printerName}=127.0.0.1:${port}`]);

export async function startFakePrinter(out: string, extra: string[] = []) {
  const proc = run([PRINTER_BUNDLE, '--port', '0', '--out', out, ...extra]);
  const m = await proc.waitFor(/listening on 127\.0\.0\.1:(\d+)/);
  return { proc, port: Number(m[1]) };
}

/** A database for servers: a new one on TEST_DATABASE_URL's server (dropped by `drop`), else embedded PGlite. */
export async function testDatabase(): Promise<{ env: NodeJS.ProcessEnv; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { env: {}, drop: async () => {} };
  const name = `quantics_print_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type Server = {
  url: string;
  port: number;
  proc: Proc;
  dataDir: string;
  /** Stops the process and removes its data folder. */
  stop: () => Promise<void>;
};

/** The portal server as its own process, on a free port (or the port and data folder of one it replaces). */
export async function startServer(
  env: NodeJS.ProcessEnv = {},
  reuse?: { port: number; dataDir: string },
): Promise<Server> {
  const port = reuse?.port ?? (await freePort());
  const dataDir = reuse?.dataDir ?? tempDir('quantics-print-it');
  const proc = run(
    ['--import', 'tsx', 'src/server.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_SECRET: 'integration-test-secret-of-at-least-32-chars',
      DATABASE_URL: '',
      // These tests sign up from 127.0.0.1 like every other test process; with Redis the per-address limits are
      // shared by all of them, and limits are not what is tested here (as in e2e/start-server.mjs).
      SIGNUP_RATE_LIMIT: '10000',
      PUBLIC_RATE_LIMIT: '10000',
      ...env,
    },
    join(REPO, 'apps', 'server'),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline || proc.child.exitCode !== null) {
      throw new Error(`server did not start:\n${proc.output().slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    proc,
    dataDir,
    stop: async () => {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON over HTTP as a browser would call the API. */
export async function api<T = Record<string, unknown>>(
  server: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_PASSWORD_HASHING_ENV } from './password-cost.ts';
import { freePort } from './ports.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (its JSON log lines). */
  output: () => string;
  /** SIGTERM (graceful shutdown) and wait for the exit code. */
  stop: () => Promise<number | null>;
};

/**
 * A real Quantics server (`node apps/server/src/server.ts`) in its own process on a free port, with `env` on top
 * of a test setup (its own data folder, a fixed APP_SECRET shared by all instances). Resolves once it listens.
 * `root`: another checkout to run instead of this one (the build before: test/build-before.ts).
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { waitForHealth?: boolean; port?: number; root?: string } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: opts.root ?? ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'quantics-proc-')),
      APP_SECRET: 'two-instances-share-this-secret-of-at-least-32-characters',
      LOG_LEVEL: 'info',
      ...TEST_PASSWORD_HASHING_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  if (opts.waitForHealth !== false) {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const isUp = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (isUp) break;
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

type Res = { status: number; body: Record<string, unknown> & { message?: string } };

/** One HTTP call to an instance, as from the client address `ip` (the instances trust X-Forwarded-For). */
export async function call(
  server: { url: string },
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; ip?: string } = {},
): Promise<Res> {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      'x-forwarded-for': opts.ip ?? '10.0.0.1',
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

/**
 * Imports a one-product CSV file (`names.sku` + n its SKU, `<names.file>-<n>.csv`) through the real upload route
 * (multipart), as the inventory screen does; answers the status.
 */
export async function importOneProduct(
  server: { url: string },
  token: string,
  n: number,
  names: { sku: string; file: string },
): Promise<number> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([`sku,name,quantity\n${names.sku}${n},${names.file} product ${n},${n + 1}\n`]),
    `${names.file}-${n}.csv`,
  );
  const res = await fetch(`${server.url}/api/inventory/bulk-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.1' },
    body: form,
  });
  return res.status;
}

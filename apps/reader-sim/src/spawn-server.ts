import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../server/src/test/ports.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

export type SpawnedServer = { url: string; close: () => Promise<void> };

/**
 * A real Quantics server in its own process, for tests that drive it over HTTP like a reader does: on a fresh
 * database of TEST_DATABASE_URL's server when set (dropped on close), else on embedded PGlite in a temp folder.
 */
export async function spawnServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  // A port the OS says is free (a random pick could land on another test's server, which then answers for ours).
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'quantics-sim-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (serverUrl) {
    dbName = `quantics_sim_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(serverUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && child.exitCode === null) break;
    if (i > 240 || child.exitCode !== null) throw new Error(`server did not start on port ${port}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (serverUrl && dbName) {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await c.end();
      }
    },
  };
}

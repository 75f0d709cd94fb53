import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.ts';

const run = promisify(execFile);

/** PostgreSQL refuses to run as root: there, its tools run as the postgres user. */
const asPostgres = (cmd: string, args: string[]) =>
  userInfo().uid === 0
    ? (['runuser', ['-u', 'postgres', '--', cmd, ...args]] as const)
    : ([cmd, args] as const);

/** True when initdb and pg_ctl are installed (and, as root, a postgres user exists to run them). */
export const hasPostgresBinaries = (() => {
  const [cmd, args] = asPostgres('pg_ctl', ['--version']);
  return (
    spawnSync(cmd, [...args], { stdio: 'ignore' }).status === 0 &&
    spawnSync('initdb', ['--version'], { stdio: 'ignore' }).status === 0
  );
})();

export type PgCluster = {
  url: string;
  /** 'immediate' is a crash (no checkpoint; committed work comes back from the WAL), 'fast' a clean restart. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

/**
 * A PostgreSQL server of our own in a temporary folder on a free port, so a test may stop and restart it without
 * disturbing anyone else's database.
 */
export async function startPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'quantics-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const pg = async (cmd: string, args: string[]) => {
    const [c, a] = asPostgres(cmd, args);
    await run(c, [...a], { timeout: 60_000 });
  };
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const start = () =>
    pg('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60`,
      'start',
    ]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = 'fast') => pg('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    start,
    destroy: async () => {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// How long `npm start` takes until the portal answers /api/health (embedded PGlite, a data folder of its own):
// - "start that builds": the web app's stamp removed, so the start rebuilds it (what every start did before the
//   stamp: `npm run build && node ...`);
// - "first start after install": the web app built at install, a new data folder (the database created and migrated);
// - "warm restart": the same data folder again.
// The three are alternated `rounds` times. Each start is stopped (SIGTERM to its process group) before the next.
// Usage: node bench/start.mjs [rounds=2]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROUNDS = Number(process.argv[2] ?? 2);
const repo = join(import.meta.dirname, '..');
const stamp = join(repo, 'apps', 'web', '.dist-stamp');

/** `npm start` on `dataDir`; resolves with the seconds until /api/health answered, once the start is stopped. */
async function timeStart(dataDir) {
  const port = 39000 + Math.floor(Math.random() * 1000);
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: repo,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  let seconds = null;
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      seconds = (performance.now() - started) / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  if (seconds === null) throw new Error('npm start did not become healthy');
  return seconds;
}

const results = { build: [], first: [], warm: [] };
for (let round = 1; round <= ROUNDS; round++) {
  // The start that builds: the stamp removed (the build writes it again). Nothing else is left in apps/web, whose
  // every file the stamp's hash covers.
  rmSync(stamp, { force: true });
  const buildDir = mkdtempSync(join(tmpdir(), 'quantics-start-'));
  results.build.push(await timeStart(buildDir));
  rmSync(buildDir, { recursive: true, force: true });

  const dataDir = mkdtempSync(join(tmpdir(), 'quantics-start-'));
  results.first.push(await timeStart(dataDir));
  results.warm.push(await timeStart(dataDir));
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `round ${round}: start that builds ${results.build.at(-1).toFixed(1)} s, first start after install ${results.first.at(-1).toFixed(1)} s, warm restart ${results.warm.at(-1).toFixed(1)} s`,
  );
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(1);
console.log(
  `median of ${ROUNDS}: start that builds (every start before) ${median(results.build)} s; first start after install ${median(results.first)} s; warm restart ${median(results.warm)} s`,
);

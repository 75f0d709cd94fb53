// `npm run demo`'s start time (issue 54), whole: from the launcher's start to its banner ("Quantics demo is running
// at ..."), with --reset on a fresh data directory: the stand-ins started, the seed (on the embedded database, as the
// demo always runs), the portal's own process, the print utility, the readers, the first labels and the team count.
// Each round runs this checkout and the one at --before (a worktree of the commit to compare with), alternated; each
// launcher is stopped with Ctrl-C (SIGINT) before the next starts. The web app's build is not timed (npm run demo
// builds it only when it changed). Prints each start with the load average, the seed's own time as the launcher
// reports it, and the totals.
// Usage: node bench/demo-start.mjs --before DIR [--products 300] [--days 20] [--rounds 2] [--lines] (each line the
//   launchers print, with when it came)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_BENCH_OPTIONS } from './lib.mjs';

const { values } = parseArgs({
  options: {
    ...DEMO_BENCH_OPTIONS,
    port: { type: 'string', default: '3471' },
    lines: { type: 'boolean', default: false },
  },
});
const here = join(import.meta.dirname, '..');
const builds = [...(values.before ? [['before', values.before]] : []), ['this', here]];

/** Starts the launcher in `root`; resolves with the seconds to its banner and the seed's, once it has stopped. */
function start(root, dataDir) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(root, 'apps/server/src/demo/main.ts'),
        '--reset',
        '--port',
        values.port,
        '--data-dir',
        dataDir,
        '--products',
        values.products,
        '--days',
        values.days,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let seconds = null;
    let seed = null;
    const onData = (c) => {
      if (values.lines)
        for (const line of String(c).split('\n').filter(Boolean))
          console.log(`  ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s  ${line}`);
      out += c;
      seed ??= /Seeded in ([\d.]+) s/.exec(out)?.[1] ?? null;
      if (seconds === null && out.includes('Quantics demo is running at')) {
        seconds = (performance.now() - started) / 1000;
        child.kill('SIGINT');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) =>
      seconds === null
        ? reject(new Error(`the demo exited ${code} before its banner:\n${out.slice(-2000)}`))
        : resolve({ seconds, seed: Number(seed) }),
    );
  });
}

const totals = Object.fromEntries(builds.map(([name]) => [name, 0]));
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const [name, root] of round % 2 ? builds : [...builds].reverse()) {
    const dataDir = mkdtempSync(join(tmpdir(), 'quantics-demo-start-'));
    const load = loadavg()[0].toFixed(1);
    try {
      const r = await start(root, dataDir);
      totals[name] += r.seconds;
      console.log(
        `round ${round} ${name.padEnd(6)} ${values.products} products ${values.days} days: started in ${r.seconds.toFixed(1)} s,` +
          ` seeded in ${r.seed.toFixed(1)} s (load ${load} before, ${loadavg()[0].toFixed(1)} after)`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
console.log(
  `totals: ${Object.entries(totals)
    .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
    .join(', ')}`,
);

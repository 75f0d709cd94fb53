// The demo's seed (issue 54) timed as `npm run demo` runs it: the portal on its embedded database (PGlite) in a fresh
// folder, the Dutchie stand-in as its own process, then seedDemo. Alternates the seed with and without the showcase
// (count plans, reviews, shipments, sales, team count, API key...) so both run on the same machine at the same load.
// Usage: node --import tsx bench/demo-seed.mjs [products=300] [days=20] [rounds=2] [modes=plain,showcase]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { startDutchieSim } from '../apps/server/src/test/dutchie-sim.ts';

const products = Number(process.argv[2] ?? 300);
const days = Number(process.argv[3] ?? 20);
const rounds = Number(process.argv[4] ?? 2);
const modes = (process.argv[5] ?? 'plain,showcase').split(',');

const sim = await startDutchieSim();
try {
  for (let round = 1; round <= rounds; round++) {
    for (const mode of modes) {
      const dataDir = mkdtempSync(join(tmpdir(), 'quantics-demo-bench-'));
      const started = performance.now();
      const app = await buildApp(
        loadConfig({ DATA_DIR: dataDir, DUTCHIE_API_URL: sim.url, LOG_LEVEL: 'warn', PORT: '0' }),
        { logger: false },
      );
      await seedDemo(app, { products, days, showcase: mode === 'showcase' });
      await app.close();
      const s = (performance.now() - started) / 1000;
      const load = (await import('node:os')).loadavg()[0].toFixed(1);
      console.log(
        `round ${round} ${mode.padEnd(8)} ${products} products ${days} days: ${s.toFixed(1)} s (load ${load})`,
      );
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await sim.stop();
}

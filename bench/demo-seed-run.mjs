// One seed of the demo (bench/demo-seed.mjs runs this as its own process per round): the checkout at --root
// (this one, or a worktree of the code before) seeds the demo as `npm run demo` does, on --database (a fresh
// PostgreSQL database) or its embedded one, and prints one JSON line: the seed's time and, with --steps, when each
// step the seed logs ended. Usage: node --import tsx bench/demo-seed-run.mjs --root DIR --products N --days N
//   [--database URL] [--dutchie URL] [--metrc URL] [--steps]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    root: { type: 'string' },
    products: { type: 'string', default: '300' },
    days: { type: 'string', default: '20' },
    database: { type: 'string' },
    dutchie: { type: 'string' },
    metrc: { type: 'string' },
    steps: { type: 'boolean', default: false },
  },
});
const root = values.root ?? join(import.meta.dirname, '..');
const from = (path) => import(pathToFileURL(join(root, 'apps/server/src', path)).href);
const { buildApp } = await from('app.ts');
const { loadConfig } = await from('config.ts');
const { seedDemo } = await from('demo/seed.ts');

const dataDir = mkdtempSync(join(tmpdir(), 'quantics-demo-bench-'));
const started = performance.now();
const steps = [];
/** Seconds since the start, to a tenth. */
const since = () => Number(((performance.now() - started) / 1000).toFixed(1));
const app = await buildApp(
  loadConfig({
    DATA_DIR: dataDir,
    ...(values.database && { DATABASE_URL: values.database }),
    ...(values.dutchie && { DUTCHIE_API_URL: values.dutchie }),
    // As `npm run demo` has it: the Metrc stand-in and Quantics' vendor key for it.
    ...(values.metrc && { METRC_API_URL: values.metrc, METRC_VENDOR_KEY: 'msim_vendor_quantics_7e21' }),
    LOG_LEVEL: 'warn',
    PORT: '0',
  }),
  { logger: false },
);
steps.push({
  at: since(),
  line: 'the app built, its database migrated',
});
await seedDemo(app, {
  products: Number(values.products),
  days: Number(values.days),
  log: (line) => steps.push({ at: since(), line }),
});
await app.close();
const seconds = (performance.now() - started) / 1000;
rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify({ seconds, ...(values.steps && { steps }) })}\n`);
process.exit(0);

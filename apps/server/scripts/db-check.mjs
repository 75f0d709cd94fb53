// npm run db:check: fails when the Drizzle schema (src/db/schema) and the committed migrations (drizzle/) disagree,
// that is when `drizzle-kit generate` would write a new migration. It generates into a temporary copy of drizzle/
// (the working tree is never touched), needs no database, and runs without a terminal (CI=true, no TTY): a question
// drizzle-kit would ask (a rename?) also means the two disagree.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = join(dirname(fileURLToPath(import.meta.url)), '..');
// The server's own drizzle-kit, run by this Node (the temporary folder has no node_modules for npx to find).
const kit = join(dirname(createRequire(join(server, 'package.json')).resolve('drizzle-kit')), 'bin.cjs');
const work = mkdtempSync(join(tmpdir(), 'quantics-db-check-'));
const out = join(work, 'drizzle');
try {
  cpSync(join(server, 'drizzle'), out, { recursive: true });
  // drizzle-kit reads `out` and `schema` relative to where it runs: it runs in the temporary folder.
  const config = join(work, 'drizzle.config.json');
  const schema = relative(work, join(server, 'src/db/schema/index.ts'));
  writeFileSync(config, JSON.stringify({ dialect: 'postgresql', schema, out: './drizzle' }));
  const before = new Set(readdirSync(out, { recursive: true }));
  const run = spawnSync(process.execPath, [kit, 'generate', '--config', config, '--name', 'db_check'], {
    cwd: work,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
    env: { ...process.env, CI: 'true' },
  });
  const added = readdirSync(out, { recursive: true }).filter((f) => !before.has(f) && f.endsWith('.sql'));
  if (added.length > 0) {
    const sqlText = added.map((f) => readFileSync(join(out, f), 'utf8')).join('\n');
    console.error(
      'db:check: the schema (apps/server/src/db/schema) and the migrations (apps/server/drizzle) disagree.\n' +
        `drizzle-kit generate would write ${added.join(', ')}:\n\n${sqlText}\n\n` +
        'Run `npm run db:generate -w apps/server` and commit the migration (or undo the schema change).',
    );
    process.exit(1);
  }
  // drizzle-kit answers 0 even when it failed: only its own words say that there was nothing to write.
  if (run.status !== 0 || run.error || !/No schema changes/.test(run.stdout + run.stderr)) {
    console.error(
      `db:check: drizzle-kit generate did not finish (${run.error?.message ?? `exit ${run.status}`}); a question it ` +
        `asks (a renamed table or column?) means the schema and the migrations disagree:\n${run.stdout}${run.stderr}`,
    );
    process.exit(1);
  }
  console.log('db:check: the schema and the migrations agree (drizzle-kit generate has nothing to write).');
} finally {
  rmSync(work, { recursive: true, force: true });
}

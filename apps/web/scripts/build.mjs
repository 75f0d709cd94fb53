// Builds the web app into apps/web/dist and writes a stamp beside it (apps/web/.dist-stamp): the hash of every
// source the build reads (apps/web, packages/contracts, the lockfile and the shared tsconfig).
//   node apps/web/scripts/build.mjs                 always builds (`npm run build`)
//   node apps/web/scripts/build.mjs --if-changed    builds only when the sources changed since the last build, or
//                                                   dist is missing (`npm start`, `npm run demo`, the browser tests)
//   node apps/web/scripts/build.mjs --at-install    the same, run by `npm install` (postinstall); an install without
//                                                   the build tools (`npm ci --omit=dev`) skips it with a note
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const webDir = join(import.meta.dirname, '..');
const repo = join(webDir, '..', '..');
const distDir = join(webDir, 'dist');
const stampFile = join(webDir, '.dist-stamp');
const SKIP = new Set(['node_modules', 'dist', '.dist-stamp', 'test-results', '.turbo']);
// Written by the build itself (scripts/pwa-icons.mjs, from public/favicon.svg, which is hashed).
const GENERATED = new Set([join(webDir, 'public', 'icons')]);

/** Every file under `dir` (sorted), but for build output and installed packages. */
function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (SKIP.has(entry.name) || GENERATED.has(path) || entry.name.endsWith('.tsbuildinfo')) continue;
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** The hash of the build's inputs: each file's path and content. */
export function sourceHash() {
  const hash = createHash('sha256');
  const files = [
    ...filesUnder(webDir),
    ...filesUnder(join(repo, 'packages', 'contracts')),
    join(repo, 'package-lock.json'),
    join(repo, 'tsconfig.base.json'),
  ].filter(existsSync);
  for (const file of files) {
    hash.update(relative(repo, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const atInstall = process.argv.includes('--at-install');
const ifChanged = atInstall || process.argv.includes('--if-changed');
const hash = sourceHash();
const built = existsSync(join(distDir, 'index.html')) && existsSync(stampFile);
if (ifChanged && built && readFileSync(stampFile, 'utf8').trim() === hash) {
  console.log('web app: up to date (its sources have not changed since the last build)');
  process.exit(0);
}

let vite;
try {
  vite = await import('vite');
} catch (error) {
  if (!atInstall) throw error;
  console.log('web app: not built at install (no build tools installed); `npm run build` builds it');
  process.exit(0);
}
const started = performance.now();
console.log(ifChanged ? 'web app: sources changed since the last build, building' : 'web app: building');
// A build that fails half-way must not leave a stamp saying dist matches these sources.
rmSync(stampFile, { force: true });
// The app's icons first: the manifest and the service worker's precache list name them.
await import('./pwa-icons.mjs');
await vite.build({
  root: webDir,
  configFile: join(webDir, 'vite.config.ts'),
  logLevel: ifChanged ? 'warn' : 'info',
});
writeFileSync(stampFile, `${hash}\n`);
console.log(`web app: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);

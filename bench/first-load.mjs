// The web app's first-load JavaScript: builds apps/web (vite, its own config) into a temporary folder and prints,
// gzip-compressed as a server would send them,
// - what every page loads: the entry script of index.html and the chunks it preloads (its static imports);
// - what a page loads on top, for the landing, sign-in, dashboard and count screens (its lazy chunk and the chunks
//   those import statically) and the signed-in shell (the sidebar, menus, notification bell);
// - the build's report: what the entry chunk is made of, by package or source folder (rendered bytes, before
//   minification), so a regression shows where it came from.
// Usage: node bench/first-load.mjs [--modules=25]   (another checkout: BENCH_WEB_DIR=/path/to/checkout/apps/web)
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const webDir = process.env.BENCH_WEB_DIR ?? join(import.meta.dirname, '..', 'apps', 'web');
const topModules = Number(process.argv.find((a) => a.startsWith('--modules='))?.split('=')[1] ?? 25);
const outDir = mkdtempSync(join(tmpdir(), 'quantics-first-load-'));
const { build } = await import('vite');

/** Where a module comes from: its npm package, or its folder under apps/web/src or packages/. */
const origin = (id) =>
  id.includes('node_modules/')
    ? id.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
    : id
        .replace(/^.*?\/(apps\/web\/src|packages\/[^/]+\/src)\//, '$1/')
        .replace(
          /^(apps\/web\/src\/(features|app|components)\/[^/]+|apps\/web\/src\/[^/]+|packages\/[^/]+\/src\/[^/]+).*/,
          '$1',
        );

const report = { entry: null, modules: new Map() };
const reportPlugin = {
  name: 'first-load-report',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
      report.entry = chunk.fileName;
      for (const [id, mod] of Object.entries(chunk.modules)) {
        const key = origin(id);
        report.modules.set(key, (report.modules.get(key) ?? 0) + mod.renderedLength);
      }
    }
  },
};

const t0 = performance.now();
await build({
  root: webDir,
  configFile: join(webDir, 'vite.config.ts'),
  logLevel: 'error',
  build: { outDir, emptyOutDir: true },
  plugins: [reportPlugin],
});
const buildSeconds = (performance.now() - t0) / 1000;

const assets = join(outDir, 'assets');
const file = (name) => readFileSync(join(assets, name));
const gz = (name) => gzipSync(file(name), { level: 9 }).length;
const raw = (name) => file(name).length;
/**
 * A chunk's static imports: `import{a as b}from"./x.js"` and `import"./x.js"` (minified; a dynamic `import("./x.js")`
 * has a parenthesis, and the preload list of `__vite__mapDeps` names "assets/x.js").
 */
const staticImports = (name) =>
  [
    ...file(name)
      .toString('utf8')
      .matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g),
  ].map((m) => m[1]);
/** `names` and everything they import statically, once each. */
const closure = (names) => {
  const seen = new Set();
  const visit = (n) => {
    if (seen.has(n)) return;
    seen.add(n);
    for (const i of staticImports(n)) visit(i);
  };
  for (const n of names) visit(n);
  return seen;
};
const sum = (set, f) => [...set].reduce((total, n) => total + f(n), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const html = readFileSync(join(outDir, 'index.html'), 'utf8');
const entryFiles = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const everyPage = closure(entryFiles);
const jsFiles = readdirSync(assets).filter((n) => n.endsWith('.js'));
const chunk = (prefix) => jsFiles.find((n) => n.startsWith(`${prefix}-`) && /-[\w-]{8}\.js$/.test(n));
const css = readdirSync(assets).filter((n) => n.endsWith('.css'));

console.log(`web build: ${buildSeconds.toFixed(1)} s, ${jsFiles.length} JavaScript chunks`);
console.log(
  `every page (entry ${report.entry} and its static imports, ${everyPage.size} file(s)): ${kb(sum(everyPage, gz))} gzip, ${kb(sum(everyPage, raw))} raw`,
);
console.log(`stylesheet: ${css.map((n) => `${kb(gz(n))} gzip`).join(', ')}`);
const pages = [
  ['landing (/)', ['landing-page']],
  ['sign-in (/login)', ['login-page']],
  ['signed-in shell', ['app-shell']],
  ['dashboard (/dashboard, shell included)', ['app-shell', 'dashboard-page']],
  ['count (/count, shell included)', ['app-shell', 'count-page']],
];
for (const [label, prefixes] of pages) {
  const names = prefixes.map(chunk).filter(Boolean);
  if (names.length === 0) {
    console.log(`${label}: (no chunk of its own: in the entry)`);
    continue;
  }
  const extra = new Set([...closure(names)].filter((n) => !everyPage.has(n)));
  console.log(
    `${label}: +${kb(sum(extra, gz))} gzip over every page's (${extra.size} file(s)); first load ${kb(sum(everyPage, gz) + sum(extra, gz))} gzip`,
  );
  if (process.argv.includes('--files'))
    for (const n of [...extra].sort((a, b) => gz(b) - gz(a))) console.log(`  ${kb(gz(n)).padStart(9)}  ${n}`);
}
console.log(`\nthe entry chunk, by origin (rendered bytes before minification, top ${topModules}):`);
for (const [key, bytes] of [...report.modules].sort((a, b) => b[1] - a[1]).slice(0, topModules)) {
  console.log(`${String(bytes).padStart(9)}  ${key}`);
}
rmSync(outDir, { recursive: true, force: true });

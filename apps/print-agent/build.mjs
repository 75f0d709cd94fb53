// Bundles the utility (and the stand-in printer) into single files that run with Node alone: copy
// dist/quantics-print.mjs to the computer with the printer and run `node quantics-print.mjs --help`.
// `node build.mjs --outdir DIR` writes them elsewhere (the integration tests build their own copy).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const here = import.meta.dirname;
const outdir = values.outdir ? resolve(values.outdir) : resolve(here, 'dist');

for (const [entry, out] of [
  ['src/cli.ts', 'quantics-print.mjs'],
  ['src/fake-printer.ts', 'fake-printer.mjs'],
]) {
  await build({
    entryPoints: [resolve(here, entry)],
    outfile: resolve(outdir, out),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    legalComments: 'none',
    // Bundled CommonJS dependencies (ws) call require(); give them one.
    banner: {
      js: '#!/usr/bin/env node\nimport { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);',
    },
    logLevel: 'warning',
  });
}

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The rules of the code's shape (README, "Adding a feature"), checked on every file so they hold as it grows:
 * no import cycles; web features that do not reach into each other; server modules that take the request's
 * context from lib/request-context.ts, not from the Fastify plugin; arrays into SQL only as bound parameters.
 * Imports are read and resolved by the TypeScript compiler itself, with each workspace's path aliases.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

type Workspace = { dir: string; paths?: Record<string, string[]>; baseUrl?: string };
const WORKSPACES: Workspace[] = [
  { dir: 'packages/contracts/src' },
  { dir: 'apps/server/src' },
  { dir: 'apps/web/src', baseUrl: 'apps/web', paths: { '@/*': ['src/*'] } },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** Every file's imports of other files in the same workspace (packages and node modules left out). */
function importGraph(ws: Workspace): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
    allowImportingTsExtensions: true,
    jsx: ts.JsxEmit.ReactJSX,
    ...(ws.baseUrl ? { baseUrl: join(ROOT, ws.baseUrl), paths: ws.paths } : {}),
  };
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(ws.dir)) {
    const info = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    const targets: string[] = [];
    for (const { fileName } of info.importedFiles) {
      const found = ts.resolveModuleName(fileName, join(ROOT, file), options, ts.sys).resolvedModule;
      const target = found && relative(ROOT, found.resolvedFileName);
      if (target?.startsWith(ws.dir) && !found?.isExternalLibraryImport) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Each import cycle once, as the files around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

const graphs = new Map(WORKSPACES.map((ws) => [ws.dir, importGraph(ws)]));

describe('the shape of the code', () => {
  it.each(WORKSPACES.map((ws) => ws.dir))('%s has no import cycle', (dir) => {
    const graph = graphs.get(dir);
    expect(graph?.size).toBeGreaterThan(10);
    expect(cycles(graph ?? new Map())).toEqual([]);
  });

  it('web features import nothing of another feature', () => {
    const featureOf = (file: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
    const crossings = [...(graphs.get('apps/web/src') ?? [])].flatMap(([file, targets]) =>
      targets
        .filter((target) => featureOf(file) && featureOf(target) && featureOf(target) !== featureOf(file))
        .map((target) => `${file} -> ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it('only the app imports the auth plugin; modules take the request context from lib/request-context.ts', () => {
    const importers = [...(graphs.get('apps/server/src') ?? [])]
      .filter(([, targets]) => targets.includes('apps/server/src/plugins/auth.ts'))
      .map(([file]) => file);
    expect(importers).toEqual(['apps/server/src/app.ts']);
  });

  it('no SQL array literal is built by hand (arrays go in as parameters: db/sql-arrays.ts)', () => {
    const handBuilt = sourceFiles('apps/server/src')
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) =>
        /['`]\{['`]\s*\+|`\{\$\{|\.join\(['"],['"]\)\s*\+?\s*['`]?\}['`]/.test(
          readFileSync(join(ROOT, file), 'utf8'),
        ),
      );
    expect(handBuilt).toEqual([]);
  });
});

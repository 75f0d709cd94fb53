import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Heading, Link, Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString as mdText } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';

/*
 * The documentation stays findable: every relative link and anchor in the repository's Markdown resolves, and the
 * configuration table (docs/deployment.md#configuration) lists exactly the environment variables the server reads.
 */

const ROOT = resolve(import.meta.dirname, '../../../..');
const SERVER_SRC = join(ROOT, 'apps/server/src');
const CONFIG_TABLE = join(ROOT, 'docs/deployment.md');

/** Every Markdown file of the repository outside node_modules, build output and hidden folders. */
function markdownFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name.startsWith('.') || name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

function walk(node: Nodes, visit: (n: Nodes) => void) {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child as Nodes, visit);
}

const trees = new Map<string, Root>();
function tree(file: string): Root {
  let t = trees.get(file);
  if (!t) {
    t = fromMarkdown(readFileSync(file, 'utf8'));
    trees.set(file, t);
  }
  return t;
}

/** The anchors GitHub gives a file's headings (github-slugger: the same rules, numbered when repeated). */
function anchors(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const found = new Set<string>();
  walk(tree(file), (n) => {
    if (n.type === 'heading') found.add(slugger.slug(mdText(n as Heading)));
  });
  return found;
}

/** Links and images with a relative target, and the HTML `href`/`src` ones. */
function relativeLinks(file: string): string[] {
  const urls: string[] = [];
  walk(tree(file), (n) => {
    if (n.type === 'link' || n.type === 'image') urls.push((n as Link).url);
    if (n.type === 'html') for (const m of n.value.matchAll(/(?:href|src)="([^"]+)"/g)) urls.push(m[1] ?? '');
  });
  return urls.filter((u) => !/^[a-z][a-z0-9+.-]*:/i.test(u) && !u.startsWith('//'));
}

describe('documentation links', () => {
  const files = markdownFiles();

  it('finds the README and the docs tree', () => {
    const names = files.map((f) => relative(ROOT, f));
    expect(names).toContain('README.md');
    expect(names).toContain('docs/deployment.md');
  });

  it.each(files.map((f) => [relative(ROOT, f), f]))(
    '%s: every relative link and anchor resolves',
    (_, file) => {
      const broken: string[] = [];
      for (const url of relativeLinks(file)) {
        const [pathPart = '', anchor] = url.split('#');
        const target = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
        if (!existsSync(target)) {
          broken.push(`${url}: no such file`);
          continue;
        }
        if (anchor && target.endsWith('.md') && !anchors(target).has(anchor))
          broken.push(`${url}: no such heading`);
      }
      expect(broken).toEqual([]);
    },
  );
});

/** Variables the server reads: the keys of config.ts's ZEnv, and any process.env.X outside the tests. */
function variablesRead(): string[] {
  const config = readFileSync(join(SERVER_SRC, 'config.ts'), 'utf8');
  const block = /const ZEnv = z\.object\(\{([\s\S]*?)\n\}\);/.exec(config)?.[1] ?? '';
  const names = new Set([...block.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] ?? ''));
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
      return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
    });
  for (const file of sources(SERVER_SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)) {
      names.add(m[1] ?? m[2] ?? '');
    }
  }
  return [...names].sort();
}

/** The first column of the table under docs/deployment.md's "Configuration" heading. */
function variablesDocumented(): string[] {
  const text = readFileSync(CONFIG_TABLE, 'utf8');
  const section = /^## Configuration\n([\s\S]*?)(?=^## )/m.exec(text)?.[1] ?? '';
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1] ?? '').sort();
}

describe('the configuration table', () => {
  it('reads the server config (the parser finds what it should)', () => {
    expect(variablesRead()).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'APP_SECRET', 'TRUST_PROXY']),
    );
  });

  it('lists every environment variable the server reads, and nothing it does not', () => {
    const read = variablesRead();
    const documented = variablesDocumented();
    expect(
      read.filter((v) => !documented.includes(v)),
      'read by the server, missing from docs/deployment.md#configuration',
    ).toEqual([]);
    expect(
      documented.filter((v) => !read.includes(v)),
      'in docs/deployment.md#configuration, not read by the server',
    ).toEqual([]);
    expect(new Set(documented).size, 'each variable once').toBe(documented.length);
  });
});

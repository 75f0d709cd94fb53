import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The rules of the code's shape (README, "Adding a feature"), checked on every file so they hold as it grows:
 * no import cycles; web features that do not reach into each other; server modules that take the request's
 * context from lib/request-context.ts, not from the Fastify plugin; arrays into SQL only as bound parameters.
 * SQL only in repos; no state at module level. Imports and statements are read by the TypeScript compiler itself,
 * with each workspace's path aliases.
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

/** A file (or a folder, ending in '/') let off a rule, and why. */
type Exemption = { path: string; reason: string };

/** Whether `file` is what `e` names. */
const exempts = (e: Exemption, file: string) =>
  e.path.endsWith('/') ? file.startsWith(e.path) : file === e.path;

const parse = (file: string, text = readFileSync(join(ROOT, file), 'utf8')) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

const isTest = (file: string) => file.endsWith('.test.ts');

/** Ways of reaching the database that only a repo has. */
const SQL_METHODS = new Set([
  'execute',
  'select',
  'selectDistinct',
  'insert',
  'update',
  'delete',
  'query',
  '$count',
]);

/** What in `file` runs SQL: a drizzle-orm import, a sql`` template, or a query method called on a db or tx. */
function sqlUses(file: string, text?: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      /^drizzle-orm(\/|$)/.test(node.moduleSpecifier.text)
    ) {
      found.push(`imports ${node.moduleSpecifier.text}`);
    } else if (ts.isTaggedTemplateExpression(node) && /(^|\.)sql$/.test(node.tag.getText())) {
      found.push('sql`…`');
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      SQL_METHODS.has(node.expression.name.text) &&
      /(^|\.)(db|tx)$/.test(node.expression.expression.getText())
    ) {
      found.push(`${node.expression.getText()}()`);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return [...new Set(found)];
}

/**
 * Files other than repos (`*.repo.ts`) and `src/db/` that may run SQL. Each entry says why; an entry for a file that
 * no longer needs it fails the test, so the list only shrinks.
 */
const SQL_OUTSIDE_REPOS: Exemption[] = [
  {
    path: 'apps/server/src/test/',
    reason:
      'test support: factories, catalogue reads and the cross-cutting suites set up and inspect tables directly',
  },
  {
    path: 'apps/server/src/modules/audits/audit-status.ts',
    reason:
      'the derived status as an SQL expression (AuditClock.status()) that the repos embed in their queries; it runs none',
  },
];

/** Server and contracts files where module state is looked for (tests and test support have their own). */
const STATE_DIRS = ['apps/server/src', 'packages/contracts/src'];
const STATE_CLASSES = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);

/**
 * Module-level state allowed, with the reason. A `const X: ReadonlyMap<…>`/`ReadonlySet<…> = new Map/Set(…)` is not
 * state (the type forbids changing it after it is built) and needs no entry.
 */
const MODULE_STATE: Exemption[] = [
  {
    path: 'apps/server/src/test/',
    reason: 'test support: one test file is one process, and its factories count serials across its tests',
  },
  {
    path: 'apps/server/src/demo/main.ts',
    reason:
      'the npm run demo launcher, a CLI process of its own (not part of buildApp): its signal handlers stop it',
  },
];

/** Top-level `let`/`var`, and top-level `new Map/Set/WeakMap/WeakSet` not typed read-only, in `file`. */
function moduleState(file: string, text?: string): string[] {
  const found: string[] = [];
  for (const statement of parse(file, text).statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const d of statement.declarationList.declarations) {
      const name = d.name.getText();
      if (!isConst) {
        found.push(`let ${name}`);
        continue;
      }
      const init = d.initializer;
      const made = init && ts.isNewExpression(init) ? init.expression.getText() : '';
      const isReadonly = d.type !== undefined && /^Readonly(Map|Set)</.test(d.type.getText());
      if (STATE_CLASSES.has(made) && !isReadonly) found.push(`${name} = new ${made}`);
    }
  }
  return found;
}

/** Each file breaking a rule, with what breaks it; and the exemptions that match no breaking file. */
function breaches(files: string[], exemptions: Exemption[], find: (file: string) => string[]) {
  const offending = files.map((file) => ({ file, found: find(file) })).filter((f) => f.found.length > 0);
  return {
    unexcused: offending
      .filter((f) => !exemptions.some((e) => exempts(e, f.file)))
      .map((f) => `${f.file}: ${f.found.join(', ')}`),
    unused: exemptions.filter((e) => !offending.some((f) => exempts(e, f.file))).map((e) => e.path),
  };
}

describe('the written rules', () => {
  it('only repos (*.repo.ts) and src/db/ run SQL or import drizzle-orm, besides a short list with reasons', () => {
    const files = sourceFiles('apps/server/src').filter(
      (file) => !isTest(file) && !file.endsWith('.repo.ts') && !file.startsWith('apps/server/src/db/'),
    );
    const { unexcused, unused } = breaches(files, SQL_OUTSIDE_REPOS, sqlUses);
    expect(unexcused, 'SQL outside a repo: move it into the feature’s *.repo.ts').toEqual([]);
    expect(unused, 'no longer needed in SQL_OUTSIDE_REPOS: remove the entry').toEqual([]);
  });

  it('no module keeps state at its top level (let, new Map/Set/WeakMap/WeakSet): it lives on an object built in buildApp', () => {
    const files = STATE_DIRS.flatMap(sourceFiles).filter((file) => !isTest(file));
    const { unexcused, unused } = breaches(files, MODULE_STATE, moduleState);
    expect(
      unexcused,
      'module state: put it on an object built in buildApp (app.ts), or make it a const typed ReadonlyMap/ReadonlySet',
    ).toEqual([]);
    expect(unused, 'no longer needed in MODULE_STATE: remove the entry').toEqual([]);
  });

  it('finds what breaks each rule (the checks themselves)', () => {
    const file = 'apps/server/src/modules/x/x.service.ts';
    expect(
      sqlUses(
        file,
        `import { eq } from 'drizzle-orm/sql';
         const q = (id: number) => sql\`select \${id}\`;
         export const f = (deps: { db: Db }, tx: Db) => [deps.db.select(), tx.execute(q(1))];
         export const g = (m: Map<string, number>) => m.delete('a');`,
      ),
    ).toEqual(['imports drizzle-orm/sql', 'sql`…`', 'deps.db.select()', 'tx.execute()']);
    expect(
      moduleState(
        file,
        `let a = 1;
         var b = 2;
         export const c = new Map<string, number>();
         const d = new WeakSet();
         const e: ReadonlySet<string> = new Set(['x']);
         const f: ReadonlyMap<string, number> = new Map();
         const g = [1, 2];
         function h() { let i = new Map(); return i; }`,
      ),
    ).toEqual(['let a', 'let b', 'c = new Map', 'd = new WeakSet']);
  });
});

/**
 * The server's folders as a graph (issue 50 §4): a node is a module of `src/modules/`, or `jobs`, `db`, `lib`,
 * `plugins`, `types`, `demo`, `config` (config.ts) and `app` (app.ts and server.ts, the composition root). Tests and
 * test support are left out: a test may drive anything. `jobs/wiring` is the background work's own composition root:
 * the files of `src/jobs/` that name every module's job handlers and sweeps (kinds, sweeps, the scheduler that runs
 * them, the retention of every kind, background.ts that starts it all from app.ts), while the rest of `src/jobs/`
 * (defineJob, the queue, the records, the mail queues) is what modules build their jobs with.
 */
const SERVER = 'apps/server/src/';
const JOBS_WIRING = [
  'jobs/background.ts',
  'jobs/kinds.ts',
  'jobs/retention.ts',
  'jobs/scheduler.ts',
  'jobs/sweeps.ts',
];

function folderOf(file: string): string | undefined {
  if (!file.startsWith(SERVER) || isTest(file)) return undefined;
  const rest = file.slice(SERVER.length);
  if (rest.startsWith('test/')) return undefined;
  if (JOBS_WIRING.includes(rest)) return 'jobs/wiring';
  const module = /^modules\/([^/]+)\//.exec(rest)?.[1];
  if (module) return module;
  const top = /^([^/]+)\//.exec(rest)?.[1];
  if (top) return top;
  return rest === 'config.ts' ? 'config' : 'app';
}

/**
 * Each folder's allowed dependencies: what it may import. The graph must stay acyclic (checked below), so a folder
 * that needs one above it takes a hook instead (ingest's count hooks: ingest/count-hooks.ts, subscribed in app.ts).
 * An edge listed here that no import uses fails too, so the list says what is, not what once was.
 */
const ALLOWED: Record<string, string[]> = {
  activity: ['db', 'lib'],
  alerts: ['activity', 'db', 'dutchie', 'jobs', 'lib', 'mail', 'metrics'],
  'api-keys': ['activity', 'db', 'lib'],
  app: [
    'activity',
    'alerts',
    'api-keys',
    'audits',
    'auth',
    'chat',
    'companies',
    'config',
    'count-plans',
    'db',
    'devices',
    'dutchie',
    'epcis',
    'health',
    'ingest',
    'inventory',
    'jobs/wiring',
    'lib',
    'locations',
    'mail',
    'metrc',
    'metrics',
    'movements',
    'onboarding',
    'plugins',
    'print',
    'reports',
    'reviews',
    'settings',
    'shipments',
    'stats',
    'team',
    'waitlist',
    'zones',
  ],
  audits: ['db', 'dutchie', 'lib', 'locations'],
  auth: ['activity', 'db', 'dutchie', 'jobs', 'lib', 'mail', 'reviews'],
  chat: [
    'audits',
    'config',
    'count-plans',
    'db',
    'devices',
    'dutchie',
    'inventory',
    'lib',
    'locations',
    'reports',
    'stats',
    'zones',
  ],
  companies: ['activity', 'audits', 'auth', 'db', 'devices', 'inventory', 'lib', 'reviews'],
  config: ['lib'],
  'count-plans': ['activity', 'db', 'dutchie', 'events', 'ingest', 'lib', 'locations'],
  demo: ['app', 'audits', 'config', 'db', 'dutchie', 'ingest', 'lib'],
  devices: ['activity', 'db', 'events', 'lib'],
  dutchie: ['activity', 'config', 'db', 'events', 'lib', 'metrics'],
  epcis: ['db', 'lib', 'shipments'],
  events: ['db'],
  health: ['db'],
  ingest: [
    'activity',
    'audits',
    'db',
    'devices',
    'dutchie',
    'events',
    'lib',
    'locations',
    'metrics',
    'shipments',
    'zones',
  ],
  inventory: ['activity', 'db', 'dutchie', 'events', 'lib', 'locations', 'movements', 'shipments'],
  jobs: ['db', 'mail', 'metrics'],
  'jobs/wiring': [
    'alerts',
    'audits',
    'config',
    'count-plans',
    'db',
    'devices',
    'dutchie',
    'ingest',
    'jobs',
    'lib',
    'mail',
    'metrc',
    'metrics',
  ],
  lib: ['db'],
  locations: ['activity', 'db', 'lib', 'movements'],
  metrc: ['activity', 'db', 'dutchie', 'lib', 'locations'],
  metrics: ['db', 'lib'],
  movements: ['db', 'lib'],
  onboarding: ['db', 'lib'],
  plugins: ['api-keys', 'auth', 'devices', 'ingest', 'lib'],
  print: ['activity', 'db', 'dutchie', 'events', 'lib'],
  reports: ['audits', 'db', 'dutchie', 'lib', 'locations'],
  reviews: ['activity', 'audits', 'db', 'events', 'ingest', 'lib', 'locations', 'movements', 'shipments'],
  settings: ['activity', 'auth', 'companies', 'db', 'jobs', 'lib'],
  shipments: ['db', 'events', 'lib', 'locations', 'metrc', 'movements'],
  stats: ['activity', 'audits', 'db', 'dutchie', 'lib'],
  team: ['activity', 'auth', 'companies', 'db', 'jobs', 'lib', 'mail'],
  waitlist: ['db', 'lib'],
  zones: ['activity', 'db', 'dutchie', 'inventory', 'lib', 'locations', 'movements'],
};

/** The folder edges of the server's import graph, each with one import that makes it. */
function folderEdges(graph: Map<string, string[]>): Map<string, string> {
  const edges = new Map<string, string>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = folderOf(target);
      if (to && to !== from && !edges.has(`${from} -> ${to}`))
        edges.set(`${from} -> ${to}`, `${file} -> ${target}`);
    }
  }
  return edges;
}

describe("the server's folders", () => {
  const edges = folderEdges(graphs.get('apps/server/src') ?? new Map());

  it('import only the folders they are allowed to (ALLOWED), and every allowed edge is used', () => {
    const allowed = new Set(
      Object.entries(ALLOWED).flatMap(([from, tos]) => tos.map((to) => `${from} -> ${to}`)),
    );
    const unlisted = [...edges]
      .filter(([edge]) => !allowed.has(edge))
      .map(([edge, why]) => `${edge} (${why})`);
    expect(
      unlisted,
      'a folder imports one it may not: use its service through a hook, or list the edge',
    ).toEqual([]);
    expect(
      [...allowed].filter((edge) => !edges.has(edge)),
      'no longer used: remove it from ALLOWED',
    ).toEqual([]);
  });

  it('form no cycle', () => {
    const graph = new Map(Object.entries(ALLOWED));
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });
});

/** Each table's owning folder: the only one whose code writes it (insert, update, delete), besides SHARED_WRITES. */
const OWNERS: Record<string, string> = {
  account_mail_jobs: 'jobs',
  activity_log: 'activity',
  api_keys: 'api-keys',
  audit_batches: 'ingest',
  audit_days: 'stats',
  audit_discrepancies: 'audits',
  audit_expected: 'ingest',
  audit_participants: 'ingest',
  audit_reads: 'ingest',
  audit_scans: 'ingest',
  audit_tags: 'audits',
  audits: 'audits',
  backup_codes: 'auth',
  chat_conversations: 'chat',
  chat_messages: 'chat',
  companies: 'companies',
  count_overdue_notices: 'count-plans',
  dashboard_versions: 'stats',
  count_plan_places: 'count-plans',
  count_plan_runs: 'count-plans',
  count_plans: 'count-plans',
  count_policies: 'reviews',
  device_alert_states: 'devices',
  device_antennas: 'zones',
  device_pairings: 'devices',
  device_tokens: 'devices',
  devices: 'devices',
  dutchie_cache: 'dutchie',
  dutchie_stock_states: 'dutchie',
  epcis_captures: 'epcis',
  epcis_events: 'epcis',
  events: 'events',
  gs1_prefixes: 'print',
  gs1_serials: 'print',
  inventory_counters: 'inventory',
  inventory_facets: 'inventory',
  invitations: 'team',
  label_settings: 'print',
  locations: 'locations',
  metrc_connections: 'metrc',
  metrc_packages: 'metrc',
  metrc_transfers: 'metrc',
  mail_jobs: 'jobs',
  memberships: 'team',
  notification_cursors: 'alerts',
  notification_reads: 'alerts',
  notification_settings: 'alerts',
  password_reset_tokens: 'auth',
  print_agents: 'print',
  print_jobs: 'print',
  product_scans: 'audits',
  products: 'inventory',
  rate_counters: 'lib',
  reason_codes: 'reviews',
  sessions: 'auth',
  shipment_cartons: 'shipments',
  shipment_epcs: 'shipments',
  shipment_lines: 'shipments',
  shipment_receipt_lines: 'shipments',
  shipments: 'shipments',
  stock: 'movements',
  stock_movements: 'movements',
  tag_sightings: 'zones',
  users: 'auth',
  waitlist_entries: 'waitlist',
  webhook_attempts: 'alerts',
  webhook_endpoints: 'alerts',
  webhook_messages: 'alerts',
};

/** A folder writing a table it does not own, and why (today's debt: the list only shrinks). */
const SHARED_WRITES: Record<string, string> = {
  'events by alerts': 'the dispatch marks an event dispatched (events.repo.ts only records them)',
  'companies by auth': 'signing up creates the company with its first admin, in one transaction',
  'memberships by auth': 'signing up makes the first admin; a sign-in records the membership’s last use',
  'print_agents by auth': 'signing out ends the person’s print utility sessions',
  'memberships by companies': 'creating a company makes its creator its admin',
  'users by companies': 'creating a company signs its creator into it (the user’s current company)',
  'companies by dutchie': 'the Dutchie snapshot’s version is kept on the company',
  'audits by ingest':
    'every audit is inserted and completed by ingest’s lifecycle (audits reads and annotates them)',
  'audit_tags by ingest':
    'the legacy reads’ compaction writes what reconciliation would (audits’ audit-tags.repo.ts SQL)',
  'products by locations': 'deleting a location clears it from its products',
  'shipments by metrc': 'a Metrc manifest is made into a shipment, and updated while still expected',
  'companies by onboarding': 'the getting-started list is dismissed per company',
  'audit_discrepancies by reviews': 'a review decides each line (approve, reject, recount)',
  'audits by reviews': 'a recount records the audit it recounts; a review’s totals are worked out again',
  'audit_expected by reviews': 'a recount’s figures replace those of the lines it counted again',
  'sessions by settings': 'the Settings page signs out other sessions',
  'print_agents by settings': 'signing out everywhere ends the print utility sessions too',
  'users by settings': 'the Settings page changes the person’s name, e-mail and password',
  'audit_discrepancies by shipments': 'a receipt’s lines over the policy are held for review',
  'audits by shipments': 'a receipt is a count of a shipment: its totals are the shipment’s',
  'users by team': 'accepting an invitation creates the person',
  'sessions by team': 'removing a member signs them out',
  'print_agents by team': 'removing a member ends their print utility sessions',
  'stock by zones':
    'a place’s minimum (min_quantity) is set on its stock row; never its quantity (STOCK_WRITERS)',
  'products by zones': 'a refill updates the product’s place as the compatibility view keeps it',
  'devices by ingest': 'a fixed reader’s set-up (its Basic credentials) is ingest’s fixed-readers/',
};

/** Tables written by each file (drizzle's insert/update/delete of a schema table, or SQL text naming one). */
function tableWrites(file: string, tables: ReadonlyMap<string, string>, text?: string): string[] {
  const names = new Set(tables.values());
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const table = tables.get(node.arguments[0]?.getText() ?? '');
      if (table) found.add(table);
    }
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      for (const m of node.getText().matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi)) {
        if (m[1] && names.has(m[1])) found.add(m[1]);
      }
      for (const m of node.getText().matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+\$\{(\w+)\}/gi)) {
        const table = tables.get(m[1] ?? '');
        if (table) found.add(table);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return [...found];
}

/**
 * The files that write the stock table (ARCHITECTURE.md: stock quantities are changed by one function, whose writes
 * the triggers record as movements): movements' stockUpsert and stockDelete build every such statement, and every
 * writer (the movements API, receipts and transfers, applying a count, the catalogue's edits and import, deleting a
 * location) calls them.
 */
const STOCK_WRITERS: Record<string, string> = {
  'apps/server/src/modules/movements/stock-writes.repo.ts': 'the one write of stock rows',
  'apps/server/src/modules/zones/zones.repo.ts': 'a place’s minimum (setRowMinimum: min_quantity only)',
};

/** The schema's tables by their export's name (`stock`) to their SQL name. */
async function schemaTables() {
  const schema = await import('../db/schema/index.ts');
  const { getTableName, is } = await import('drizzle-orm');
  const { PgTable } = await import('drizzle-orm/pg-core');
  const tables = new Map<string, string>();
  for (const [name, value] of Object.entries(schema))
    if (is(value, PgTable)) tables.set(name, getTableName(value));
  return tables;
}

describe('tables', () => {
  it('stock is written only through movements’ stock-writes.repo.ts (STOCK_WRITERS)', async () => {
    const tables = await schemaTables();
    const writers = sourceFiles('apps/server/src')
      .filter((file) => !isTest(file) && folderOf(file) !== undefined && folderOf(file) !== 'demo')
      .filter((file) => tableWrites(file, tables).includes('stock'));
    expect(writers.sort(), 'a stock write outside stockUpsert/stockDelete: build it with them').toEqual(
      Object.keys(STOCK_WRITERS).sort(),
    );
    // The minimum's writer sets min_quantity only.
    const zones = readFileSync(join(ROOT, 'apps/server/src/modules/zones/zones.repo.ts'), 'utf8');
    const sets = [...zones.matchAll(/\.update\(stock\)\s*\.set\(\{([^}]*)\}/g)].map((m) => m[1]?.trim());
    expect(sets.length, 'zones.repo.ts sets a stock row somewhere').toBeGreaterThan(0);
    expect(sets.filter((set) => set !== 'minQuantity: min')).toEqual([]);
    expect(
      tableWrites(
        'apps/server/src/modules/x/x.repo.ts',
        tables,
        'const q = sql`update stock s set quantity = 1`;',
      ),
    ).toEqual(['stock']);
  });

  it('each is written only by its owner (OWNERS), besides SHARED_WRITES with reasons', async () => {
    const tables = await schemaTables();
    expect(
      [...new Set(tables.values())].filter((t) => !OWNERS[t]),
      'a table with no owner',
    ).toEqual([]);
    const writes = sourceFiles('apps/server/src').flatMap((file) => {
      const folder = folderOf(file);
      // The demo's seed is data set-up, like test support (its SQL is SQL_OUTSIDE_REPOS's business).
      return folder && folder !== 'demo'
        ? tableWrites(file, tables).map((table) => ({ table, folder, file }))
        : [];
    });
    const foreign = writes.filter((w) => OWNERS[w.table] !== w.folder);
    const pairs = new Set(foreign.map((w) => `${w.table} by ${w.folder}`));
    expect(
      foreign
        .filter((w) => !SHARED_WRITES[`${w.table} by ${w.folder}`])
        .map((w) => `${w.table} by ${w.folder} (${w.file})`),
      "a module writes another's table: call the owner's function",
    ).toEqual([]);
    expect(
      Object.keys(SHARED_WRITES).filter((p) => !pairs.has(p)),
      'no longer needed: remove it',
    ).toEqual([]);
  });
});

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { TProduct } from '@quantics/contracts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { COMPANY, DEMO_PASSWORD, DUTCHIE_COMPANY, METRC, METRC_MANIFEST, PEOPLE } from './demo-data.ts';
import { ProcessGroup } from './processes.ts';
import { seedDemo } from './seed.ts';
import type { TeamCount } from './showcase.ts';
import {
  PRINTER_NAME,
  PROGRAMS,
  portalClient,
  REPO,
  SERVER_NODE_FLAGS,
  signIn,
  startMetrc,
  startPrinting,
  startReaders,
  waitUntil,
} from './stand-ins.ts';
import { keepTeamCounting } from './team-count.ts';

const HELP = `npm run demo -- [options]   every part of Quantics running on this machine, with months of made-up history

  --reset           delete the demo's data and seed it again
  --port N          the portal's port (default 3000)
  --metrics-port N  where the portal's Prometheus metrics are served on 127.0.0.1 (default: a free port)
  --data-dir DIR    where the demo keeps its database, labels and logs (default ./demo-data; never ./data)
  --products N      catalogue size when seeding (default 3000)
  --days N          days of audit history when seeding (default 90)

Ctrl-C stops the portal and every stand-in it started.`;

const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    port: { type: 'string', default: '3000' },
    'metrics-port': { type: 'string' },
    'data-dir': { type: 'string', default: 'demo-data' },
    products: { type: 'string', default: '3000' },
    days: { type: 'string', default: '90' },
    help: { type: 'boolean', default: false },
  },
});

let stopDemo: ((code: number) => Promise<void>) | null = null;
const say = (line = '') => process.stdout.write(`${line}\n`);
const positive = (name: string, v: string | undefined) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number above 0`);
  return n;
};

/** A port nothing listens on now, on the loopback interface (the portal's metrics). */
function freeLocalPort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = net.createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const found = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(found));
    });
  });
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = net.createServer();
    probe.once('error', () => done(false));
    probe.listen(port, () => probe.close(() => done(true)));
  });
}

/** The children get the user's environment minus anything that would point them at the user's own data. */
function demoEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'REDIS_URL',
    'SMTP_URL',
    'APP_SECRET',
    'PUBLIC_URL',
    'WEB_DIST',
    'PORT',
  ]) {
    delete env[key];
  }
  return { ...env, ...extra };
}

async function main() {
  if (values.help) return say(HELP);
  const port = positive('port', values.port);
  // Something else on the port would answer the health check and the sign-ins meant for the demo's portal.
  if (!(await isPortFree(port))) {
    throw new Error(
      `port ${port} is in use (another demo or npm start?): stop it, or pick another with --port`,
    );
  }
  const dataDir = resolve(values['data-dir'] ?? 'demo-data');
  if (dataDir === resolve(REPO, 'data')) throw new Error("--data-dir must not be the portal's own ./data");
  const marker = join(dataDir, 'demo.json');
  if (values.reset || (existsSync(dataDir) && !existsSync(marker))) {
    // A reset, or a seed that never finished: start from nothing.
    rmSync(dataDir, { recursive: true, force: true });
  }
  const logDir = join(dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });

  let isStopping = false;
  const group = new ProcessGroup(REPO, logDir, (p, code) => {
    if (isStopping) return;
    say(
      `! ${p.name} stopped unexpectedly (exit ${code}); its log is ${relative(REPO, join(logDir, `${p.name}.log`))}`,
    );
    if (p.name === 'portal') void stop(1);
  });
  let stopCounting = () => {};
  const stop = async (code: number) => {
    if (isStopping) return;
    isStopping = true;
    stopCounting();
    say('\nStopping the demo...');
    await group.stopAll();
    say('Stopped: portal, stand-ins and readers.');
    process.exit(code);
  };
  stopDemo = stop;
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const dutchie = group.start('dutchie-sim', [PROGRAMS.dutchieSim, '--port', '0'], demoEnv({}));
  const [, dutchieUrl = ''] = await dutchie.waitFor(/listening on (http:\/\/\S+)/);
  const metrcUrl = await startMetrc(group, demoEnv({}));
  const base = `http://localhost:${port}`;
  const metricsPort = values['metrics-port']
    ? positive('metrics-port', values['metrics-port'])
    : await freeLocalPort();
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const portalEnv = {
    DATA_DIR: dataDir,
    PORT: String(port),
    // Prometheus metrics on a port of their own on the loopback interface (no token needed there).
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    DUTCHIE_API_URL: dutchieUrl,
    // Metrc's stand-in, with Quantics' vendor key: the Dutchie company's incoming manifests are read from it.
    METRC_API_URL: metrcUrl,
    METRC_VENDOR_KEY: METRC.vendorKey,
    LOG_LEVEL: 'warn',
    // Readers pairing in the demo poll every 2 s instead of 5.
    READER_POLL_INTERVAL: '2',
  };

  const isFirstRun = !existsSync(marker);
  if (isFirstRun) {
    const products = positive('products', values.products);
    const days = positive('days', values.days);
    say(
      `Seeding the demo (${products} products, ${days} days of audits) into ${relative(process.cwd(), dataDir) || '.'}...`,
    );
    const started = Date.now();
    const app = await buildApp(loadConfig(portalEnv), { logger: false });
    const result = await seedDemo(app, { products, days, log: (line) => say(`  ${line}`) });
    await app.close();
    say(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    writeFileSync(marker, `${JSON.stringify({ seededAt: new Date().toISOString(), ...result }, null, 2)}\n`);
  }

  const portal = group.start('portal', [...SERVER_NODE_FLAGS, PROGRAMS.server], demoEnv(portalEnv));
  await waitUntil(
    'the portal',
    async () => portal.isRunning() && (await fetch(`${base}/api/health`)).ok,
    120_000,
  );
  const adminToken = await signIn(base, PEOPLE.admin.email);
  const env = demoEnv({});
  const api = portalClient(base, adminToken);
  // The print utility and the readers start side by side: each is a few processes that need only the portal.
  const printing = async () => {
    await startPrinting(group, env, dataDir, base);
    await waitUntil('the print utility', async () => {
      const s = await api<{ connected: boolean; printers: { status: string }[] }>('GET', '/api/print/status');
      return s.connected && s.printers.some((p) => p.status === 'ready');
    });
  };
  await Promise.all([printing(), startReaders(group, env, dataDir, base, adminToken)]);
  const state = JSON.parse(readFileSync(marker, 'utf8')) as {
    printed?: number;
    showcase?: { apiKey?: { name: string; key: string }; teamCount?: TeamCount | null } | null;
  };
  const keep = () => writeFileSync(marker, `${JSON.stringify(state, null, 2)}\n`);
  if (state.printed === undefined) {
    state.printed = await printSomeLabels(api);
    keep();
  }
  const team = state.showcase?.teamCount;
  if (team) {
    stopCounting = await keepTeamCounting({
      base,
      adminToken,
      team,
      save: (t) => {
        if (state.showcase) state.showcase.teamCount = t;
        keep();
      },
      log: say,
    });
  }
  banner(base, { dutchieUrl, metrcUrl }, dataDir, metricsUrl, state.showcase?.apiKey);
}

/** A few labels through the whole chain (portal, utility, printer), so Print Labels has its job history. */
async function printSomeLabels(api: ReturnType<typeof portalClient>): Promise<number> {
  const { data } = await api<{ data: TProduct[] }>('GET', '/api/inventory?limit=6&status=low-stock');
  for (const [i, p] of data.entries()) {
    await api('POST', '/api/print/print', {
      quantity: 1 + (i % 3),
      printerName: PRINTER_NAME,
      productInfo: { name: p.name, sku: p.sku, epc: p.epc },
    });
  }
  return data.length;
}

function banner(
  base: string,
  { dutchieUrl, metrcUrl }: { dutchieUrl: string; metrcUrl: string },
  dataDir: string,
  metricsUrl: string,
  apiKey?: { name: string; key: string },
) {
  const dir = relative(process.cwd(), dataDir) || '.';
  say();
  say(`Quantics demo is running at ${base}`);
  say();
  say(`  Sign in with password "${DEMO_PASSWORD}" as:`);
  say(
    `    admin     ${PEOPLE.admin.email.padEnd(28)} ${PEOPLE.admin.name}; also admin of ${DUTCHIE_COMPANY}`,
  );
  say(`    operator  ${PEOPLE.operator.email.padEnd(28)} ${PEOPLE.operator.name}`);
  say(`    member    ${PEOPLE.member.email.padEnd(28)} ${PEOPLE.member.name}`);
  say(
    `  ${COMPANY} keeps a local catalogue; switch to ${DUTCHIE_COMPANY} (Company page) for a Dutchie store.`,
  );
  if (apiKey) {
    // A key's secret is shown once in the portal; the demo keeps it in its data folder to show it here.
    say(`  API key "${apiKey.name}" (sends the till's sales; movements:write, inventory:read):`);
    say(`    ${apiKey.key}`);
    say(`    curl -H "Authorization: Bearer ${apiKey.key}" ${base}/api/inventory?limit=5`);
  }
  say();
  say(
    `  ${DUTCHIE_COMPANY} reads Metrc (license ${METRC.license}): manifest ${METRC_MANIFEST.manifestNumber} is on its way.`,
  );
  say(`  Running beside it: the Dutchie stand-in (${dutchieUrl}), the Metrc stand-in (${metrcUrl}),`);
  say(
    `  a stand-in Zebra printer (labels saved in ${dir}/labels), the print utility signed in as ${PEOPLE.admin.name},`,
  );
  say(
    '  three readers (one auditing every few minutes, one with a low battery, one that goes offline), and the',
  );
  say('  two handhelds of the team count in progress, still counting.');
  say(`  Data and logs: ${dir} (npm run demo -- --reset starts over). Mail: ${dir}/outbox.`);
  say(`  Metrics (Prometheus text format): ${metricsUrl}; readiness: ${base}/api/ready.`);
  say();
  say('  Ctrl-C stops everything.');
}

main().catch((err: unknown) => {
  process.stderr.write(`demo: ${err instanceof Error ? err.message : String(err)}\n`);
  if (stopDemo) void stopDemo(1);
  else process.exit(1);
});

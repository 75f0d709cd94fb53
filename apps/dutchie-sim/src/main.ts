import { parseArgs } from 'node:util';
import { startDutchieSim } from './server.ts';
import { DEFAULT_OPTIONS, SIM_KEYS, SIM_LOCATIONS } from './state.ts';

const USAGE = `Dutchie POS simulator: Dutchie's paths, Basic auth, field names and rate limits, on seeded data.

  npm run dutchie-sim -- [--port 4010] [--key KEY]... [options]

  --port N                  port (0 picks a free one; the first line printed names it)
  --host H                  interface (default 127.0.0.1)
  --key K                   also accept this API key, for the first store (repeatable)
  --seed N                  data seed (default 42): the same seed gives the same store
  --packages N              packages per store (default 240)
  --history-days N          days of transactions (default 90)
  --latency MS              delay every answer
  --fail-rate R             answer this share of requests 500 (0 to 1)
  --rate-limit N            requests per minute per key (default 120)
  --reporting-rate-limit N  requests per minute per key on /reporting/* (default 60)

Faults at run time: POST /__sim/faults {"mode":"rate-limit"|"error"|"slow"|"refuse"|"none","status":503,
"delayMs":20000,"times":3,"path":"/reporting"}; POST /__sim/reset; GET /__sim/state;
POST /__sim/keys {"key":"k","revoke":true}; POST /__sim/packages/{packageId} {"quantityAvailable":0}.`;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    key: { type: 'string', multiple: true },
    seed: { type: 'string' },
    packages: { type: 'string' },
    'history-days': { type: 'string' },
    latency: { type: 'string' },
    'fail-rate': { type: 'string' },
    'rate-limit': { type: 'string' },
    'reporting-rate-limit': { type: 'string' },
    help: { type: 'boolean' },
  },
});

if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

function num(
  name: string,
  raw: string | undefined,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
) {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max) {
    process.stderr.write(`--${name} must be a number from ${min} to ${max}\n`);
    process.exit(2);
  }
  return n;
}

const started = Date.now();
const sim = await startDutchieSim({
  port: num('port', values.port, DEFAULT_OPTIONS.port, 0, 65535),
  host: values.host ?? DEFAULT_OPTIONS.host,
  extraKeys: values.key ?? [],
  seed: num('seed', values.seed, DEFAULT_OPTIONS.seed),
  packages: num('packages', values.packages, DEFAULT_OPTIONS.packages, 1, 1_000_000),
  historyDays: num('history-days', values['history-days'], DEFAULT_OPTIONS.historyDays, 1, 730),
  latencyMs: num('latency', values.latency, 0, 0, 600_000),
  failRate: num('fail-rate', values['fail-rate'], 0, 0, 1),
  rateLimit: num('rate-limit', values['rate-limit'], DEFAULT_OPTIONS.rateLimit, 1),
  reportingRateLimit: num(
    'reporting-rate-limit',
    values['reporting-rate-limit'],
    DEFAULT_OPTIONS.reportingRateLimit,
    1,
  ),
});

// The first line is read by tests and scripts to find the port.
process.stdout.write(`Dutchie simulator listening on ${sim.url}\n`);
for (const [key, grant] of Object.entries(SIM_KEYS)) {
  const store = SIM_LOCATIONS[grant.locationId];
  process.stdout.write(`  key ${key}  ${store}${grant.canReport ? '' : ' (no reporting permission: 403)'}\n`);
}
for (const key of values.key ?? []) process.stdout.write(`  key ${key}  ${SIM_LOCATIONS[1101]}\n`);
process.stdout.write(
  `  ${sim.state.options.packages} packages per store, seed ${sim.state.options.seed}, ready in ${Date.now() - started} ms\n`,
);

const stop = () => {
  sim.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

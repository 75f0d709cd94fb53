import { parseArgs } from 'node:util';
import { startMetrcSim } from './server.ts';
import { SIM_FACILITIES, SIM_USER_KEYS, SIM_VENDOR_KEY } from './state.ts';

const USAGE = `Metrc simulator: Metrc's published transfer reads (incoming transfers, their deliveries and packages),
HTTP Basic with a vendor key and a user key, v2's page envelope, 401 and 429 on demand.

  npm run metrc-sim -- [--port 4020] [--host 127.0.0.1]

Control (tests and demos, not Metrc's): POST /__sim/transfers {"licenseNumber":"C10-0000001-LIC",
"manifestNumber":"0000001234","shipperName":"...","packages":[{"label":"1A4...","itemName":"...","quantity":10,
"unit":"Each"}]} (the same manifest again replaces it); POST /__sim/faults {"mode":"refuse"|"rate-limit"|"error"|"none",
"times":1,"retryAfter":30}; POST /__sim/keys {"key":"...","revoke":true}; POST /__sim/reset; GET /__sim/state.`;

const { values } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean' } },
});
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const port = Number(values.port ?? '4020');
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write('--port must be a number from 0 to 65535\n');
  process.exit(2);
}
const { server, url } = await startMetrcSim({ port, host: values.host ?? '127.0.0.1' });
process.stdout.write(`metrc-sim listening on ${url}\n`);
process.stdout.write(`vendor key: ${SIM_VENDOR_KEY}\n`);
for (const [key, licenses] of Object.entries(SIM_USER_KEYS)) {
  process.stdout.write(`user key ${key}: ${licenses.map((l) => `${l} (${SIM_FACILITIES[l]})`).join(', ')}\n`);
}
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

import { parseArgs } from 'node:util';
import { epcFromSku, labelZpl, PRINT_PROTOCOL_VERSION } from '@quantics/contracts';
import { configDir, readConfig } from './config-store.ts';
import { PortalConnection } from './connection.ts';
import { login, logout } from './login.ts';
import { PrinterSet } from './printers.ts';
import { parsePrinterSpec } from './raw-printer.ts';
import { AGENT_VERSION } from './version.ts';

const HELP = `Quantics Print Utility ${AGENT_VERSION} (protocol ${PRINT_PROTOCOL_VERSION})
Connects a Zebra RFID printer on this computer to the Quantics portal, so labels printed from the portal's
Print Labels page come out here.

Usage: quantics-print <command> [options]

Commands:
  login        Sign in to the portal (asks for whatever is not given, two-factor code included) and keep this
               utility's own token, readable only by you.
                 --server URL  --email E  --password P  --code C  [--name "Front desk PC"]
  logout       Revoke this utility's token at the portal and forget it here.
  start        Connect to the portal, report the printers every 5 s and print the jobs it sends. Reconnects on
               its own when the portal or the network goes away. Stop with Ctrl+C.
                 --printer "Name=host:port"   a raw TCP printer (Zebra port 9100); repeat for more
                 --no-cups                    leave out the CUPS queues (found with lpstat, printed with lp -o raw)
  printers     List the printers this computer offers and their state.
  test-print NAME
               Print a test label on printer NAME.

Options for every command:
  --config DIR  Where the token is kept (default: ${configDir()})
  --help        This text.     --version   The version.

Example:
  quantics-print login --server https://quantics.example.com --email ann@example.com
  quantics-print start --printer "Zebra ZD621R=192.168.1.40:9100"`;

const out = (line: string) => process.stdout.write(`${line}\n`);
const stamp = (line: string) => out(`${new Date().toISOString()} ${line}`);

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      server: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      code: { type: 'string' },
      name: { type: 'string' },
      config: { type: 'string' },
      printer: { type: 'string', multiple: true, default: [] },
      'no-cups': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.version) {
    out(AGENT_VERSION);
    return 0;
  }
  if (values.help || !command || command === 'help') {
    out(HELP);
    return values.help || command === 'help' ? 0 : 1;
  }
  const dir = configDir(values.config);
  const printers = () => new PrinterSet(values.printer.map(parsePrinterSpec), !values['no-cups']);

  switch (command) {
    case 'login': {
      const r = await login(dir, values);
      out(`Signed in to ${r.server} as ${r.email} ("${r.agentName}"). Token kept in ${r.file}`);
      out('Next: quantics-print start --printer "Name=host:9100"');
      return 0;
    }
    case 'logout': {
      const r = await logout(dir);
      out(
        r.wasSignedIn
          ? 'Signed out: this utility can no longer print for you.'
          : 'This utility was not signed in.',
      );
      if (r.warning) out(r.warning);
      return 0;
    }
    case 'printers': {
      const list = await printers().states();
      if (!list.length)
        out('No printers found. Give one with --printer "Name=host:9100", or add a CUPS queue.');
      for (const p of list) out(`${p.status === 'ready' ? '✓' : '✗'} ${p.name}  (${p.status})`);
      return 0;
    }
    case 'test-print': {
      const name = rest.join(' ');
      if (!name) throw new Error('Name the printer: quantics-print test-print NAME');
      const zpl = labelZpl({ name: 'Quantics test label', sku: 'TEST', epc: epcFromSku('TEST') });
      await printers().print(name, zpl, 1);
      out(`Test label sent to ${name}.`);
      return 0;
    }
    case 'start':
      return start(dir, printers());
    default:
      out(`Unknown command "${command}".\n`);
      out(HELP);
      return 1;
  }
}

async function start(dir: string, printers: PrinterSet): Promise<number> {
  const config = readConfig(dir);
  if (!config)
    throw new Error(`Not signed in. First run: quantics-print login --server URL (config: ${dir})`);
  const list = await printers.states();
  stamp(`Printers: ${list.length ? list.map((p) => `${p.name} (${p.status})`).join(', ') : 'none found'}`);
  const connection = new PortalConnection(config.server, config.token, printers, stamp);
  return new Promise<number>((resolve) => {
    const stop = async () => {
      stamp('Stopping');
      await connection.stop();
      resolve(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    connection.start((message) => {
      stamp(`${message}`);
      resolve(2);
    });
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`quantics-print: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);

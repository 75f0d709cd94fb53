import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CANCEL_ALL, HOST_STATUS_QUERY, hostStatusReply } from './zebra-status.ts';

/**
 * A stand-in Zebra printer for demos and tests: listens for raw TCP like a Zebra's port 9100, answers the host
 * status query (~HS), and saves each label format (^XA … ^XZ) it receives as its own file in --out. With
 * `paperOutAfter` it runs out of paper after that many labels: later formats wait in its buffer (counted in ~HS),
 * unprinted, until cancelled with ~JA, as a real Zebra's do.
 */
export type FakePrinter = { port: number; labels: () => number; close: () => Promise<void> };

export function startFakePrinter(opts: {
  port: number;
  host?: string;
  out: string;
  isPaperOut?: boolean;
  /** Answers ~HS this many ms late, like a printer busy with a long batch. */
  statusDelayMs?: number;
  /** Runs out of paper once this many labels have printed. */
  paperOutAfter?: number;
  log?: (line: string) => void;
}): Promise<FakePrinter> {
  mkdirSync(opts.out, { recursive: true });
  let count = 0;
  let held = 0;
  const isPaperOut = () =>
    Boolean(opts.isPaperOut) || (opts.paperOutAfter !== undefined && count >= opts.paperOutAfter);
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        const start = buffer.indexOf('^XA');
        const cancel = buffer.indexOf(CANCEL_ALL);
        if (cancel >= 0 && (start < 0 || cancel < start)) {
          opts.log?.(`cancelled ${held} waiting label(s)`);
          held = 0;
          buffer = buffer.slice(cancel + CANCEL_ALL.length);
          continue;
        }
        const hs = buffer.indexOf(HOST_STATUS_QUERY);
        if (hs >= 0 && (start < 0 || hs < start)) {
          const state = { isPaperOut: isPaperOut(), isPaused: false, isHeadUp: false, isRibbonOut: false };
          const reply = hostStatusReply(state, held);
          if (opts.statusDelayMs)
            setTimeout(() => socket.writable && socket.write(reply), opts.statusDelayMs);
          else socket.write(reply);
          buffer = buffer.slice(hs + HOST_STATUS_QUERY.length);
          continue;
        }
        const end = start >= 0 ? buffer.indexOf('^XZ', start) : -1;
        if (end < 0) break;
        if (isPaperOut()) {
          held += 1;
          buffer = buffer.slice(end + 3);
          continue;
        }
        count += 1;
        const file = join(opts.out, `label-${String(count).padStart(6, '0')}.zpl`);
        writeFileSync(file, Buffer.from(buffer.slice(start, end + 3), 'latin1'));
        opts.log?.(`label ${count} -> ${file}`);
        buffer = buffer.slice(end + 3);
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      const address = server.address();
      resolvePromise({
        port: typeof address === 'object' && address ? address.port : opts.port,
        labels: () => count,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

const USAGE = `Usage: fake-printer --port 9100 --out DIR [--host 127.0.0.1] [--paper-out] [--paper-out-after N]
                    [--status-delay MS]

A stand-in Zebra printer: accepts raw TCP connections, answers ~HS, and saves each label's ZPL as a file in DIR.
--paper-out         report paper out to ~HS (the utility then refuses to print and says why)
--paper-out-after N run out of paper after N labels: later ones wait unprinted (cancelled by ~JA)
--status-delay MS   answer ~HS that much later, like a printer busy with a long batch
--port 0 picks a free port; the first line printed names it.`;

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '9100' },
      host: { type: 'string', default: '127.0.0.1' },
      out: { type: 'string' },
      'paper-out': { type: 'boolean', default: false },
      'paper-out-after': { type: 'string' },
      'status-delay': { type: 'string', default: '0' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || !values.out) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(values.help ? 0 : 1);
  }
  const printer = await startFakePrinter({
    port: Number(values.port),
    host: values.host,
    out: resolve(values.out),
    isPaperOut: values['paper-out'],
    paperOutAfter: values['paper-out-after'] === undefined ? undefined : Number(values['paper-out-after']),
    statusDelayMs: Number(values['status-delay']),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `fake printer listening on ${values.host}:${printer.port}, saving labels to ${resolve(values.out)}\n`,
  );
  const stop = () => void printer.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && /fake-printer\.(ts|mjs|js)$/.test(process.argv[1])) {
  main().catch((err) => {
    process.stderr.write(`fake-printer: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}

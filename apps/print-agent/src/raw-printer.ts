import net from 'node:net';
import {
  CANCEL_ALL,
  HOST_STATUS_QUERY,
  parseHostStatus,
  parseUnprinted,
  statusWord,
} from './zebra-status.ts';

/** A printer reached by raw TCP, usually port 9100 (Zebra's raw socket). */
export type RawPrinter = { kind: 'raw'; name: string; host: string; port: number };

/** Reads `Name=host:port` (port 9100 when left out). */
export function parsePrinterSpec(spec: string): RawPrinter {
  const match = /^(.+?)=([^:=\s]+)(?::(\d{1,5}))?$/.exec(spec.trim());
  if (!match) throw new Error(`--printer must look like "Name=host:port", not "${spec}"`);
  const port = match[3] ? Number(match[3]) : 9100;
  if (port < 1 || port > 65535) throw new Error(`--printer ${spec}: the port must be 1 to 65535`);
  return { kind: 'raw', name: (match[1] ?? '').trim(), host: match[2] ?? '', port };
}

function reason(p: RawPrinter, err: NodeJS.ErrnoException): string {
  if (err.code === 'ECONNREFUSED' || err.code === 'EHOSTUNREACH' || err.code === 'ENOTFOUND') {
    return `${p.name}: printer not reachable at ${p.host}:${p.port}`;
  }
  return `${p.name}: ${err.message}`;
}

/** Asks the printer for its host status; 'offline' when it cannot be reached. */
export function rawStatus(p: RawPrinter, timeoutMs = 2000): Promise<string> {
  return new Promise((resolve) => {
    let reply = '';
    const socket = net.createConnection({ host: p.host, port: p.port });
    const done = (status: string) => {
      socket.destroy();
      resolve(status);
    };
    // Reachable but silent (a plain raw-socket device): it takes jobs, so call it ready.
    socket.setTimeout(timeoutMs, () => done(reply ? 'unknown' : 'ready'));
    socket.on('connect', () => socket.write(HOST_STATUS_QUERY));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      const status = parseHostStatus(reply);
      if (status) done(statusWord(status));
    });
    socket.on('error', () => done('offline'));
  });
}

/** Sends the format `copies` times over one connection; resolves with how many the printer took. */
export function rawPrint(p: RawPrinter, zpl: string, copies: number, timeoutMs = 15_000): Promise<number> {
  return new Promise((resolve, reject) => {
    let written = 0;
    const socket = net.createConnection({ host: p.host, port: p.port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('the printer stopped answering')));
    socket.on('connect', () => {
      for (let i = 0; i < copies; i++) {
        socket.write(zpl, (err) => {
          if (!err) written += 1;
        });
      }
      socket.end();
    });
    socket.on('error', (err) => {
      const e = new Error(reason(p, err)) as Error & { printed: number };
      e.printed = written;
      reject(e);
    });
    socket.on('close', (hadError) => {
      if (!hadError) resolve(written);
    });
  });
}

/** How often a label still in the printer is asked after, and how long one label may take to come out. */
const LABEL_POLL_MS = 100;
const LABEL_TIMEOUT_MS = 30_000;

/**
 * Prints each format once, in order, over one connection, and calls `onPrinted(i)` once label i has come out: the
 * printer's host status (~HS) says nothing is left in its buffer. Stops at the first label that does not: a printer
 * out of paper, paused or open is asked to drop what it holds (~JA), so a label reported unprinted never comes out
 * later. Rejects with how many labels went out.
 */
export function rawPrintEach(
  p: RawPrinter,
  labels: readonly string[],
  onPrinted: (index: number) => void,
  timeoutMs = LABEL_TIMEOUT_MS,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let printed = 0;
    let reply = '';
    let answer: (() => void) | null = null;
    const socket = net.createConnection({ host: p.host, port: p.port });
    const fail = (message: string) => {
      socket.destroy();
      reject(Object.assign(new Error(message), { printed }));
    };
    socket.setTimeout(timeoutMs, () => fail(`${p.name}: the printer stopped answering`));
    socket.on('error', (err) => fail(reason(p, err)));
    // Settled already when every label went out; otherwise the printer hung up part-way.
    socket.on('close', () => fail(`${p.name}: the printer closed the connection`));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      answer?.();
    });
    const ask = () =>
      new Promise<{ word: string; unprinted: number }>((done) => {
        reply = '';
        answer = () => {
          const status = parseHostStatus(reply);
          const unprinted = parseUnprinted(reply);
          if (!status || unprinted === null) return;
          answer = null;
          done({ word: statusWord(status), unprinted });
        };
        socket.write(HOST_STATUS_QUERY);
      });
    const run = async () => {
      let state = await ask();
      for (const [i, zpl] of labels.entries()) {
        if (state.word !== 'ready') return fail(`${p.name}: ${state.word}`);
        socket.write(zpl);
        const started = Date.now();
        state = await ask();
        while (state.unprinted > 0) {
          if (state.word !== 'ready' || Date.now() - started > timeoutMs) {
            socket.write(CANCEL_ALL);
            return fail(`${p.name}: ${state.word === 'ready' ? 'the label did not come out' : state.word}`);
          }
          await new Promise((r) => setTimeout(r, LABEL_POLL_MS));
          state = await ask();
        }
        printed = i + 1;
        onPrinted(i);
      }
      socket.end();
      resolve(printed);
    };
    socket.on('connect', () => void run().catch((err: Error) => fail(`${p.name}: ${err.message}`)));
  });
}

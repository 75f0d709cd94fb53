import net from 'node:net';
import { HOST_STATUS_QUERY, parseHostStatus, statusWord } from './zebra-status.ts';

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

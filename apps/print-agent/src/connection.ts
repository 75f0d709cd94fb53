import { hostname } from 'node:os';
import {
  PRINT_AGENT_SOCKET_PATH,
  PRINT_PROTOCOL_VERSION,
  PRINT_STATUS_INTERVAL_MS,
  type TAgentMessage,
  type TServerPrint,
  type TServerPrintLabels,
  ZServerMessage,
} from '@quantics/contracts';
import WebSocket from 'ws';
import type { PrintError, PrinterSet } from './printers.ts';
import { AGENT_VERSION } from './version.ts';

export type Log = (line: string) => void;

/** Waits between reconnection attempts: 1 s doubling to 30 s, with jitter so many utilities don't stampede. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.75 + 0.5 * random()));
}

export const socketUrl = (server: string) => `${server.replace(/^http/, 'ws')}${PRINT_AGENT_SOCKET_PATH}`;

/**
 * The utility's connection to the portal: hello, then its printers now and every 5 s; each print job is sent to
 * its printer `quantity` times and acknowledged with success or the printer's error. Reconnects with backoff when
 * the portal or the network goes away; stops for good when the token is refused (signed out).
 */
export class PortalConnection {
  #socket: WebSocket | null = null;
  #timer: NodeJS.Timeout | undefined;
  #attempt = 0;
  #isStopped = false;
  #onSignedOut: (message: string) => void = () => {};

  constructor(
    private readonly server: string,
    private readonly token: string,
    private readonly printers: PrinterSet,
    private readonly log: Log,
  ) {}

  /** Connects and keeps connecting; calls onSignedOut when the portal refuses the token. */
  start(onSignedOut: (message: string) => void): void {
    this.#onSignedOut = onSignedOut;
    this.#connect();
  }

  async stop(): Promise<void> {
    this.#isStopped = true;
    clearInterval(this.#timer);
    const socket = this.#socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close(1000, 'Utility stopping');
    });
  }

  #send(message: TAgentMessage) {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(message));
  }

  #connect() {
    if (this.#isStopped) return;
    const socket = new WebSocket(socketUrl(this.server), {
      headers: { authorization: `Bearer ${this.token}` },
      handshakeTimeout: 10_000,
    });
    this.#socket = socket;
    socket.on('open', () => {
      this.#send({
        type: 'hello',
        protocol: PRINT_PROTOCOL_VERSION,
        agentVersion: AGENT_VERSION,
        hostname: hostname(),
      });
    });
    socket.on('message', (raw) => this.#onMessage(raw.toString()));
    socket.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c;
      });
      res.on('end', () => {
        const message = (() => {
          try {
            return JSON.parse(body).message as string;
          } catch {
            return `HTTP ${res.statusCode}`;
          }
        })();
        if (res.statusCode === 401 || res.statusCode === 403) {
          this.#isStopped = true;
          this.#onSignedOut(message);
        } else this.log(`The portal refused the connection: ${message}`);
        socket.terminate();
      });
    });
    socket.on('error', (err) => this.log(`Connection problem: ${err.message}`));
    socket.on('close', () => {
      clearInterval(this.#timer);
      if (this.#isStopped) return;
      const wait = backoffMs(this.#attempt++);
      this.log(`Disconnected from ${this.server}; trying again in ${(wait / 1000).toFixed(1)} s`);
      setTimeout(() => this.#connect(), wait);
    });
  }

  async #reportPrinters() {
    const printers = await this.printers.states();
    this.#send({ type: 'printers', printers });
  }

  #onMessage(raw: string) {
    let message: ReturnType<typeof ZServerMessage.parse>;
    try {
      message = ZServerMessage.parse(JSON.parse(raw));
    } catch {
      return this.log('The portal sent a message this version does not understand; ignoring it');
    }
    if (message.type === 'welcome') {
      this.#attempt = 0;
      this.log(`Connected to ${this.server} as "${message.agentName}" (protocol ${message.protocol})`);
      void this.#reportPrinters();
      clearInterval(this.#timer);
      this.#timer = setInterval(
        () => void this.#reportPrinters(),
        message.statusIntervalMs || PRINT_STATUS_INTERVAL_MS,
      );
    } else if (message.type === 'print') void this.#print(message);
    else if (message.type === 'print_labels') void this.#printEach(message);
    else if (message.type === 'error') this.log(`The portal says: ${message.message}`);
  }

  async #print(job: TServerPrint) {
    this.log(`Job ${job.jobId}: ${job.quantity} label(s) on ${job.printerName}`);
    try {
      const printed = await this.printers.print(job.printerName, job.zpl, job.quantity);
      this.#send({ type: 'ack', jobId: job.jobId, ok: true, printed });
      this.log(`Job ${job.jobId}: printed ${printed}`);
    } catch (err) {
      const e = err as PrintError;
      this.#send({ type: 'ack', jobId: job.jobId, ok: false, printed: e.printed ?? 0, error: e.message });
      this.log(`Job ${job.jobId}: failed: ${e.message}`);
    }
  }

  /** Protocol 2: each label once, in order, each reported as it comes out, then the job's ack. */
  async #printEach(job: TServerPrintLabels) {
    this.log(`Job ${job.jobId}: ${job.labels.length} label(s), one by one, on ${job.printerName}`);
    const onPrinted = (index: number) => this.#send({ type: 'label', jobId: job.jobId, index, ok: true });
    try {
      const printed = await this.printers.printEach(job.printerName, job.labels, onPrinted);
      this.#send({ type: 'ack', jobId: job.jobId, ok: true, printed });
      this.log(`Job ${job.jobId}: printed ${printed}`);
    } catch (err) {
      const e = err as PrintError;
      const printed = e.printed ?? 0;
      this.#send({ type: 'label', jobId: job.jobId, index: printed, ok: false, error: e.message });
      this.#send({ type: 'ack', jobId: job.jobId, ok: false, printed, error: e.message });
      this.log(`Job ${job.jobId}: printed ${printed} of ${job.labels.length}, then failed: ${e.message}`);
    }
  }
}

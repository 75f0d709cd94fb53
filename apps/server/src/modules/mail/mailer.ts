import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links the message carries; logged in the embedded setup so a local user can follow them. */
  links?: string[];
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification e-mails). */
  headers?: Record<string, string>;
  /** The Message-ID, the same on every attempt of one mail job, so a repeat after a crash can be told. */
  messageId?: string;
};

export type MailerOptions = {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  /** The whole send (connect, greeting, every command, the data) gives up after this long: MAIL_SEND_TIMEOUT_MS. */
  sendTimeoutMs: number;
  /** Told whether each attempt went: the metrics' e-mails sent and failed. */
  onResult?: (isSent: boolean) => void;
};

/**
 * Sends mail through SMTP when SMTP_URL is set; otherwise writes each message as an .eml file under
 * DATA_DIR/outbox and logs its links. It keeps nothing: every message is a row of a mail queue (mail_jobs,
 * account_mail_jobs) first, and the jobs module (src/jobs/) calls `deliver` and retries on its own schedule.
 */
export class Mailer {
  readonly #transport: Transporter;
  readonly #outbox: string | null;
  readonly #pending = new Set<Promise<boolean>>();

  constructor(
    readonly opts: MailerOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.#outbox = opts.smtpUrl ? null : join(opts.dataDir, 'outbox');
  }

  /**
   * One attempt, bounded as a whole by `sendTimeoutMs` (a server that drips its answers cannot hold it longer), and
   * says whether it went. Whoever keeps the message (a mail job) tries again later when it did not.
   */
  async deliver(message: MailMessage): Promise<boolean> {
    const sending = this.#deliver(message);
    this.#pending.add(sending);
    try {
      return await sending;
    } finally {
      this.#pending.delete(sending);
    }
  }

  /** Waits for the sends in hand (shutdown). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.#pending]);
  }

  async #deliver(message: MailMessage): Promise<boolean> {
    const signal = AbortSignal.timeout(this.opts.sendTimeoutMs);
    const transport = this.opts.smtpUrl
      ? smtpTransport(this.opts.smtpUrl, signal, this.opts.sendTimeoutMs)
      : this.#transport;
    try {
      const info = await abortable(
        transport.sendMail({
          from: this.opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.headers && { headers: message.headers }),
          ...(message.messageId && { messageId: message.messageId }),
        }),
        signal,
      );
      if (this.#outbox) this.#writeEml(message, info.message as Buffer);
      else this.log.info({ subject: message.subject, messageId: info.messageId }, 'mail sent');
      this.opts.onResult?.(true);
      return true;
    } catch (err) {
      this.log.warn({ err, subject: message.subject }, 'mail send failed');
      this.opts.onResult?.(false);
      return false;
    }
  }

  #writeEml(message: MailMessage, raw: Buffer) {
    const dir = this.#outbox as string;
    mkdirSync(dir, { recursive: true });
    const file = join(
      dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
    );
    writeFileSync(file, raw);
    this.log.info({ subject: message.subject, file, links: message.links ?? [] }, 'mail written to outbox');
  }
}

/**
 * A transport for one send over SMTP whose connection is ours: when the signal aborts (the whole send's time-out)
 * the socket is destroyed, so a send given up on cannot still complete later and be sent twice. nodemailer's own
 * time-outs (per step) are capped by the same figure.
 */
function smtpTransport(url: string, signal: AbortSignal, ms: number): Transporter {
  const timeouts = { connectionTimeout: ms, greetingTimeout: ms, socketTimeout: ms };
  const transport = nodemailer.createTransport({ url, ...timeouts });
  // nodemailer's documented hook for a socket of the caller's own (set on the transporter, not in its options).
  (transport as unknown as { getSocket: unknown }).getSocket = (
    o: { host?: string; port?: number; secure?: boolean },
    done: (err: Error | null, socket?: { connection: Socket }) => void,
  ) => {
    const socket = connect({ host: o.host ?? 'localhost', port: o.port ?? (o.secure ? 465 : 587) });
    const kill = () => socket.destroy(new Error('the whole send timed out'));
    if (signal.aborted) kill();
    signal.addEventListener('abort', kill, { once: true });
    socket.once('close', () => signal.removeEventListener('abort', kill));
    const failed = (err: Error) => done(err);
    socket.once('error', failed);
    socket.once('connect', () => {
      socket.off('error', failed);
      done(null, { connection: socket });
    });
  };
  return transport;
}

/** The promise, or a rejection as soon as the signal aborts (the work itself is left to its own time-outs). */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Escapes text for the HTML part of a message. */
export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** A plain, readable HTML layout shared by every message. */
export function layoutHtml(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#64748b">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;background:#f8fafc;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#94a3b8;margin-top:32px">Quantics · RFID inventory and audits</p></div></body></html>`;
}

import { mkdirSync, writeFileSync } from 'node:fs';
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
};

export type MailerOptions = {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  retries?: number;
  retryDelayMs?: number;
  /** Told whether each message went (after the retries): the metrics' e-mails sent and failed. */
  onResult?: (isSent: boolean) => void;
};

/**
 * Sends mail through SMTP when SMTP_URL is set; otherwise writes each message as an .eml file under
 * DATA_DIR/outbox and logs its links. Sending happens off the request: a failure is logged and retried,
 * never shown to the user as an error.
 */
export class Mailer {
  readonly #transport: Transporter;
  readonly #outbox: string | null;
  readonly #pending = new Set<Promise<void>>();

  constructor(
    readonly opts: MailerOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    if (opts.smtpUrl) {
      this.#transport = nodemailer.createTransport(opts.smtpUrl);
      this.#outbox = null;
    } else {
      this.#transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.#outbox = join(opts.dataDir, 'outbox');
    }
  }

  /** Queues a message; returns at once. */
  send(message: MailMessage): void {
    const job = this.#deliver(message)
      .then(() => undefined)
      .finally(() => this.#pending.delete(job));
    this.#pending.add(job);
  }

  /**
   * Sends now, with the same retries, and says whether it went: for a caller that keeps the message in a job of
   * its own (the alerts' mail jobs) and tries again later when it did not.
   */
  async deliver(message: MailMessage): Promise<boolean> {
    const sending = this.#deliver(message);
    const job = sending.then(() => undefined).finally(() => this.#pending.delete(job));
    this.#pending.add(job);
    return sending;
  }

  /** Waits for queued messages (shutdown, tests). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.#pending]);
  }

  async #deliver(message: MailMessage): Promise<boolean> {
    const attempts = (this.opts.retries ?? 3) + 1;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const info = await this.#transport.sendMail({
          from: this.opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.headers && { headers: message.headers }),
        });
        if (this.#outbox) this.#writeEml(message, info.message as Buffer);
        else this.log.info({ subject: message.subject, messageId: info.messageId }, 'mail sent');
        this.opts.onResult?.(true);
        return true;
      } catch (err) {
        this.log.warn({ err, attempt, subject: message.subject }, 'mail send failed');
        if (attempt < attempts)
          await new Promise((r) => setTimeout(r, (this.opts.retryDelayMs ?? 1000) * attempt));
      }
    }
    this.log.error({ subject: message.subject }, 'mail not delivered after retries');
    this.opts.onResult?.(false);
    return false;
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

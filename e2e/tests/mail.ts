import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Reading the mail the e2e server sends.
 *
 * How: the server started by start-server.mjs runs without SMTP_URL, so the app's mailer writes every message
 * as an .eml file into DATA_DIR/outbox. The data folder is not random for e2e runs: it is E2E_DATA_DIR below,
 * derived from the port, and playwright.config.ts hands the same value to start-server.mjs. So a test (in any
 * worker process) can read the outbox directly: no extra SMTP server, no inter-process plumbing, and the
 * product's real mail path (nodemailer building the message) is what gets read.
 *
 * Use: `const mail = await waitForMail((m) => m.to === email); const url = linkIn(mail, '/accept-invite');`
 */

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), `quantics-e2e-${E2E_PORT}`);
const OUTBOX = join(E2E_DATA_DIR, 'outbox');

export type Mail = { file: string; to: string; subject: string; text: string };

/** Every message written so far, oldest first (file names start with the ISO time). */
export function readOutbox(): Mail[] {
  let files: string[];
  try {
    files = readdirSync(OUTBOX).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((file) => parseEml(file, readFileSync(join(OUTBOX, file), 'utf8')));
}

/** The first message matching, waiting for it to arrive (the mailer sends off the request). */
export async function waitForMail(
  match: (mail: Mail) => boolean,
  { timeoutMs = 15_000, except = [] as string[] } = {},
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox().find((m) => !except.includes(m.file) && match(m));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail in ${OUTBOX}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in the message's text that points at `path` on the portal. */
export function linkIn(mail: Mail, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s"<>]+${escaped}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in mail ${mail.file}:\n${mail.text}`);
  return match[0];
}

// Nodemailer writes multipart/alternative messages with a quoted-printable (or 7bit/base64) text/plain part,
// and RFC 2047 encoded words for non-ASCII headers. That is all this minimal reader has to understand.

function parseEml(file: string, raw: string): Mail {
  const eml = raw.replace(/\r\n/g, '\n');
  const headerEnd = eml.indexOf('\n\n');
  const headers = unfold(eml.slice(0, headerEnd));
  const textPart = /Content-Type: text\/plain[^\n]*\n((?:[^\n]+\n)*?)\n([\s\S]*?)(?:\n--[^\n]+|$)/i.exec(eml);
  const partHeaders = textPart?.[1] ?? '';
  const encoding = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(partHeaders)?.[1]?.toLowerCase() ?? '7bit';
  return {
    file,
    to: decodeWords(header(headers, 'To')),
    subject: decodeWords(header(headers, 'Subject')),
    text: decodeBody(textPart?.[2] ?? '', encoding),
  };
}

const unfold = (block: string) => block.replace(/\n[ \t]+/g, ' ');

function header(headers: string, name: string): string {
  return new RegExp(`^${name}:\\s*(.*)$`, 'mi').exec(headers)?.[1]?.trim() ?? '';
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  return qp(body.replace(/=\n/g, ''));
}

/** Quoted-printable: =XX bytes, decoded as UTF-8. */
function qp(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(s[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words: =?UTF-8?Q?...?= and =?UTF-8?B?...?=. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[\w-]+\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    );
}

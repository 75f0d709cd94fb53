import { eventText } from '@quantics/contracts';
import type { SecretBox } from '../../lib/crypto.ts';
import { layoutHtml, type MailMessage } from '../mail/mailer.ts';

/** The one-click unsubscribe token of a person in a company: their ids and a keyed hash of them. */
export function unsubscribeToken(box: SecretBox, userId: number, companyId: number): string {
  return `${userId}.${companyId}.${box.mac(`unsubscribe:${userId}:${companyId}`).slice(0, 32)}`;
}

/** The person and company a token names, when its hash is right. */
export function readUnsubscribeToken(
  box: SecretBox,
  token: string,
): { userId: number; companyId: number } | null {
  const m = /^(\d{1,10})\.(\d{1,10})\.([0-9a-f]{32})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const companyId = Number(m[2]);
  return unsubscribeToken(box, userId, companyId) === token ? { userId, companyId } : null;
}

/**
 * Every notification e-mail carries a one-click unsubscribe: a link in the text and the List-Unsubscribe and
 * List-Unsubscribe-Post headers (RFC 8058), so mail clients offer their own button.
 */
export function withUnsubscribe(
  opts: { publicUrl: string; box: SecretBox; userId: number; companyId: number; to: string },
  content: { subject: string; title: string; paragraphs: string[]; action?: { label: string; url: string } },
): MailMessage {
  const url = `${opts.publicUrl}/api/notifications/unsubscribe?token=${unsubscribeToken(opts.box, opts.userId, opts.companyId)}`;
  const footer = `You get this because of your notification settings in Quantics. Unsubscribe: ${url}`;
  const text = [
    content.title,
    '',
    ...content.paragraphs,
    ...(content.action ? ['', `${content.action.label}: ${content.action.url}`] : []),
    '',
    footer,
  ].join('\n');
  return {
    to: opts.to,
    subject: content.subject,
    text,
    html: layoutHtml(content.title, [...content.paragraphs, footer], content.action),
    headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    links: [url, ...(content.action ? [content.action.url] : [])],
  };
}

/** An event as an e-mail to one person. */
export function eventMail(
  opts: { publicUrl: string; box: SecretBox; userId: number; companyId: number; to: string },
  type: string,
  payload: Record<string, unknown>,
): MailMessage {
  const t = eventText(type, payload);
  return withUnsubscribe(opts, {
    subject: t.title,
    title: t.title,
    paragraphs: [t.body],
    ...(t.link && { action: { label: 'Open in Quantics', url: `${opts.publicUrl}${t.link}` } }),
  });
}

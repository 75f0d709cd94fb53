import { INVITATION_TTL_DAYS, ROLE_LABELS, type TRole } from '@quantics/contracts';
import { layoutHtml, type Mailer } from '../mail/mailer.ts';

export type InvitationMail = {
  to: string;
  name: string | null;
  inviterName: string;
  companyName: string;
  role: TRole;
  message: string | null;
  token: string;
  expiresAt: Date;
};

/** The accept link always points at the portal's public address, never at whatever host the request named. */
export function acceptInviteUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/accept-invite?token=${encodeURIComponent(token)}`;
}

/** Queues the invitation email (SMTP or the outbox); a delivery failure is retried and logged, not shown. */
export function sendInvitationMail(mailer: Mailer, publicUrl: string, mail: InvitationMail) {
  const url = acceptInviteUrl(publicUrl, mail.token);
  const role = ROLE_LABELS[mail.role];
  const until = mail.expiresAt.toUTCString();
  const title = `Join ${mail.companyName} on Quantics`;
  const paragraphs = [
    `Hello${mail.name ? ` ${mail.name}` : ''},`,
    `${mail.inviterName} invited you to join ${mail.companyName} on Quantics as ${role}. Quantics is where the team counts RFID-tagged stock, runs audits and reviews discrepancies.`,
    ...(mail.message ? [`${mail.inviterName} wrote: "${mail.message}"`] : []),
    `The link works for ${INVITATION_TTL_DAYS} days (until ${until}) and only once. If you weren't expecting this invitation, you can ignore this email.`,
  ];
  mailer.send({
    to: mail.to,
    subject: `${mail.inviterName} invited you to join ${mail.companyName} on Quantics`,
    text: `${paragraphs.slice(0, -1).join('\n\n')}\n\nAccept the invitation: ${url}\n\n${paragraphs.at(-1)}\n`,
    html: layoutHtml(title, paragraphs, { label: 'Accept invitation', url }),
    links: [url],
  });
}

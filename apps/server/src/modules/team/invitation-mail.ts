import { INVITATION_TTL_DAYS, ROLE_LABELS, type TRole } from '@quantics/contracts';
import { layoutHtml, type MailMessage } from '../mail/mailer.ts';

export type InvitationMail = {
  to: string;
  name: string | null;
  inviterName: string;
  companyName: string;
  role: TRole;
  message: string | null;
  token: string;
  expiresAt: Date;
  /** The company requires two-factor: the invitee is told they will set it up right after joining. */
  requiresTwoFactor: boolean;
};

/** The accept link always points at the portal's public address, never at whatever host the request named. */
export function acceptInviteUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/accept-invite?token=${encodeURIComponent(token)}`;
}

/** The invitation email, queued by the caller with the invitation it carries the link of. */
export function invitationMail(publicUrl: string, mail: InvitationMail): MailMessage {
  const url = acceptInviteUrl(publicUrl, mail.token);
  const role = ROLE_LABELS[mail.role];
  const until = mail.expiresAt.toUTCString();
  const title = `Join ${mail.companyName} on Quantics`;
  const paragraphs = [
    `Hello${mail.name ? ` ${mail.name}` : ''},`,
    `${mail.inviterName} invited you to join ${mail.companyName} on Quantics as ${role}. Quantics is where the team counts RFID-tagged stock, runs audits and reviews discrepancies.`,
    ...(mail.message ? [`${mail.inviterName} wrote: "${mail.message}"`] : []),
    ...(mail.requiresTwoFactor
      ? [
          `${mail.companyName} requires two-factor authentication: right after joining you will set it up with an authenticator app on your phone (Google Authenticator, 1Password, Authy...) before you can use Quantics.`,
        ]
      : []),
    `The link works for ${INVITATION_TTL_DAYS} days (until ${until}) and only once. If you weren't expecting this invitation, you can ignore this email.`,
  ];
  return {
    to: mail.to,
    subject: `${mail.inviterName} invited you to join ${mail.companyName} on Quantics`,
    text: `${paragraphs.slice(0, -1).join('\n\n')}\n\nAccept the invitation: ${url}\n\n${paragraphs.at(-1)}\n`,
    html: layoutHtml(title, paragraphs, { label: 'Accept invitation', url }),
    links: [url],
  };
}

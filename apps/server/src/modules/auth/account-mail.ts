import { layoutHtml, type MailMessage } from '../mail/mailer.ts';

const when = (d: Date) => `${d.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/** The reset link: works once, for one hour. */
export function resetPasswordMail(to: string, link: string): MailMessage {
  const lines = [
    'Someone, hopefully you, asked to reset the password of the Quantics account for this email address.',
    'Choose a new password with the link below. It works once and expires in 1 hour.',
    "If you didn't ask for this, ignore this email: your password stays as it is.",
  ];
  return {
    to,
    subject: 'Reset your Quantics password',
    text: `${lines[0]}\n\n${lines[1]}\n\n${link}\n\n${lines[2]}\n`,
    html: layoutHtml('Reset your password', lines, { label: 'Choose a new password', url: link }),
    links: [link],
  };
}

/** Tells the owner after the fact, so a change they didn't make doesn't go unnoticed. */
export function passwordChangedMail(to: string, publicUrl: string, at = new Date()): MailMessage {
  const resetLink = `${publicUrl}/forgot-password`;
  const lines = [
    `The password of your Quantics account (${to}) was changed on ${when(at)}.`,
    'Every other signed-in browser and device has been signed out.',
    "If this wasn't you, reset your password right away and tell your company's admin.",
  ];
  return {
    to,
    subject: 'Your Quantics password was changed',
    text: `${lines.join('\n\n')}\n\nReset your password: ${resetLink}\n`,
    html: layoutHtml('Your password was changed', lines, { label: 'Reset my password', url: resetLink }),
    links: [resetLink],
  };
}

/** Sent to the OLD address when the sign-in email changes. */
export function emailChangedMail(oldEmail: string, newEmail: string, at = new Date()): MailMessage {
  const lines = [
    `The sign-in email of your Quantics account was changed from ${oldEmail} to ${newEmail} on ${when(at)}.`,
    "From now on you sign in with the new address. If this wasn't you, tell your company's admin right away.",
  ];
  return {
    to: oldEmail,
    subject: 'Your Quantics sign-in email was changed',
    text: `${lines.join('\n\n')}\n`,
    html: layoutHtml('Your sign-in email was changed', lines),
  };
}

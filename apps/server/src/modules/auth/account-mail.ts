import { describeUserAgent } from '@quantics/contracts';
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

/** A sign-in from a browser (and system) this account has not signed in from before. */
export function newSignInMail(
  to: string,
  publicUrl: string,
  client: { ip: string; userAgent: string | null },
  at = new Date(),
): MailMessage {
  const settingsLink = `${publicUrl}/settings?tab=security`;
  const lines = [
    `Your Quantics account (${to}) was just signed in to from a new browser: ${describeUserAgent(client.userAgent).label}, from the address ${client.ip}, on ${when(at)}.`,
    'If this was you, there is nothing to do.',
    "If it wasn't, change your password now (that signs out every other session), and review where you are signed in under Settings, Security.",
  ];
  return {
    to,
    subject: 'New sign-in to your Quantics account',
    text: `${lines.join('\n\n')}\n\nWhere you are signed in: ${settingsLink}\n`,
    html: layoutHtml('New sign-in to your account', lines, {
      label: 'Review my sessions',
      url: settingsLink,
    }),
    links: [settingsLink],
  };
}

/** Two-factor was turned off: the account is back to a password alone. */
export function twoFactorDisabledMail(to: string, publicUrl: string, at = new Date()): MailMessage {
  const settingsLink = `${publicUrl}/settings?tab=security`;
  const lines = [
    `Two-factor authentication was turned off for your Quantics account (${to}) on ${when(at)}. Signing in now takes only your password.`,
    "If this wasn't you, change your password right away, turn two-factor back on and tell your company's admin.",
  ];
  return {
    to,
    subject: 'Two-factor authentication was turned off',
    text: `${lines.join('\n\n')}\n\nSecurity settings: ${settingsLink}\n`,
    html: layoutHtml('Two-factor authentication was turned off', lines, {
      label: 'Open security settings',
      url: settingsLink,
    }),
    links: [settingsLink],
  };
}

/** An admin's reminder to a member who has not set up the two-factor their company requires (or will). */
export function twoFactorReminderMail(
  to: string,
  publicUrl: string,
  companyName: string,
  adminName: string,
  isRequired: boolean,
): MailMessage {
  const settingsLink = `${publicUrl}/settings?tab=security`;
  const lines = [
    isRequired
      ? `${companyName} requires two-factor authentication for everyone, and your account does not have it yet. Until you set it up, Quantics shows you only the setup.`
      : `${adminName} asks everyone at ${companyName} to turn on two-factor authentication for their Quantics account.`,
    'It takes a minute: sign in, open Settings, Security, choose Enable 2FA, scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy...) and enter the 6-digit code it shows. Keep the backup codes somewhere safe.',
  ];
  return {
    to,
    subject: `Set up two-factor authentication for ${companyName}`,
    text: `${lines.join('\n\n')}\n\nSet it up: ${settingsLink}\n`,
    html: layoutHtml('Set up two-factor authentication', lines, {
      label: 'Set up two-factor',
      url: settingsLink,
    }),
    links: [settingsLink],
  };
}

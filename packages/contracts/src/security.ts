import Bowser from 'bowser';
import { z } from 'zod';
import { isIsoDate } from './inventory.ts';

/** The `code` of a call refused because the company requires two-factor and the caller has not set it up yet. */
export const TWO_FACTOR_REQUIRED_CODE = 'two_factor_required';

export const SECURITY_MESSAGES = {
  /** Every call but the few needed to set two-factor up answers this while the company requires it. */
  twoFactorRequired:
    'This company requires two-factor authentication for everyone. Set it up in Settings, Security: scan the QR ' +
    'code with an authenticator app (Google Authenticator, 1Password, Authy...) and enter its 6-digit code. Until ' +
    'then you can only set up two-factor, switch to another company or sign out.',
  ownTwoFactorFirst:
    'Turn on two-factor authentication for your own account first (Settings, Security): you cannot require it of ' +
    'everyone while you do not have it yourself.',
  companyUpdateEmpty: 'Send a name, require_two_factor or time_zone',
  sessionNotFound: 'Session not found',
  cannotSignOutYourself: 'To sign yourself out elsewhere, use Settings, Security',
  memberSignedOut: 'Signed out everywhere',
  otherSessionsRevoked: 'Signed out everywhere else',
  sessionRevoked: 'Signed out',
  remindersSent: (n: number) => (n === 1 ? 'Reminder sent to 1 member' : `Reminder sent to ${n} members`),
  noOneToRemind: 'Everyone in this company already has two-factor authentication',
  badDate: 'Dates must be written YYYY-MM-DD',
  fromAfterTo: 'The from date must be on or before the to date',
} as const;

/** Where a person is signed in: a browser session, or a print utility's token (acting for them). */
export const SESSION_KINDS = ['browser', 'print_utility'] as const;
export type TSessionKind = (typeof SESSION_KINDS)[number];

/** Session ids name their kind, since browser sessions and print utilities are numbered separately. */
export const sessionId = (kind: TSessionKind, n: number) =>
  `${kind === 'browser' ? 'session' : 'utility'}-${n}`;

export const ZSession = z.object({
  /** `session-<n>` or `utility-<n>`, used by DELETE /api/settings/sessions/{id}. */
  id: z.string(),
  kind: z.enum(SESSION_KINDS),
  /** The User-Agent it signed in with (a print utility: its version and host); null when none was sent. */
  user_agent: z.string().nullable(),
  /** The address it was last used from. */
  ip: z.string().nullable(),
  created_at: z.string(),
  /** Approximate: refreshed at most once a minute. */
  last_used_at: z.string().nullable(),
  /** True for the session making this call. */
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;
export const ZSessionsResponse = z.array(ZSession);

export const ZSessionIdParam = z.object({
  id: z
    .string()
    .regex(/^(session|utility)-[1-9]\d{0,9}$/, 'Session id must look like session-12 or utility-3')
    .refine(
      (v) => Number(v.split('-')[1]) <= 2_147_483_647,
      'Session id must look like session-12 or utility-3',
    ),
});

/** How a session ends: `session-12` -> { kind: 'browser', n: 12 }. */
export function parseSessionId(id: string): { kind: TSessionKind; n: number } {
  const [prefix, n] = id.split('-');
  return { kind: prefix === 'session' ? 'browser' : 'print_utility', n: Number(n) };
}

export const ZRevokeSessionsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  count: z.number(),
});
export type TRevokeSessionsResponse = z.infer<typeof ZRevokeSessionsResponse>;

export const ZTwoFactorRemindersResponse = z.object({ sent: z.number().int(), message: z.string() });
export type TTwoFactorRemindersResponse = z.infer<typeof ZTwoFactorRemindersResponse>;

const ZLogDate = z.string().refine(isIsoDate, SECURITY_MESSAGES.badDate).optional();
export const ZSecurityLogQuery = z
  .object({ from: ZLogDate, to: ZLogDate })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: SECURITY_MESSAGES.fromAfterTo });
export type TSecurityLogQuery = z.infer<typeof ZSecurityLogQuery>;

/** The activity log's entries that make up the security log. */
export const SECURITY_LOG_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'security.two_factor_enabled',
  'security.two_factor_disabled',
  'security.backup_codes_regenerated',
  'security.password_changed',
  'security.password_reset',
  'security.session_revoked',
  'security.sessions_revoked',
  'security.member_signed_out',
  'security.policy_changed',
  'team.role_change',
  'security.api_key_created',
  'security.api_key_revoked',
  /** A revoked key still calling (at most one entry per key every 10 minutes). */
  'security.api_key_refused',
] as const;

export const SECURITY_LOG_HEADER = [
  'Time (UTC)',
  'Event',
  'Person',
  'Description',
  'IP address',
  'User agent',
];

/** The browser and system of a User-Agent, as people name them: 'Chrome 120 on macOS'. */
export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string;
  os: string;
  label: string;
} {
  if (!userAgent) return { browser: 'Unknown browser', os: 'unknown system', label: 'Unknown browser' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${major ? ` ${major}` : ''}`
    : userAgent.slice(0, 40);
  const os = parsed.os.name ?? 'unknown system';
  return { browser, os, label: parsed.os.name ? `${browser} on ${os}` : browser };
}

/** Same browser and system (versions aside): a sign-in from anything else is a new browser. */
export function sameBrowser(a: string | null | undefined, b: string | null | undefined): boolean {
  const pa = describeUserAgent(a);
  const pb = describeUserAgent(b);
  const name = (s: string) => s.replace(/ \d+$/, '');
  return name(pa.browser) === name(pb.browser) && pa.os === pb.os;
}

import { z } from 'zod';
import { AUTH_MESSAGES, PASSWORD_MAX, ZUser } from './auth.ts';
import { ROLES } from './common.ts';
import { NAME_MAX } from './settings.ts';
import { multiline } from './text.ts';

export const TEAM_MESSAGES = {
  inviteFieldsRequired: 'Email, name, and role are required',
  invalidEmail: 'Please enter a valid email address',
  invalidRole: 'Role must be admin, operator or member',
  alreadyMember: 'This person is already a member of this company',
  alreadyInvited: 'This email already has an open invitation. Use Resend to send it again.',
  memberNotFound: 'Team member not found',
  invitationNotFound: 'Invitation not found',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotRemoveYourself: 'You cannot remove yourself from the company',
  lastAdmin: 'A company must keep at least one admin',
  invitationInvalid: 'This invitation link is invalid or has already been used',
  invitationExpired: 'This invitation has expired. Ask an admin of the company to resend it.',
  invitationForOtherEmail: 'This invitation was sent to a different email address',
  signInToAccept: 'An account with this email already exists. Sign in to accept the invitation.',
  alreadyInCompany: 'You are already a member of this company',
  nameRequired: 'Name is required',
} as const;

/** Invitations work this long after they are sent (or resent). */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;
export const INVITE_MESSAGE_MAX = 1000;

/** active: accepted; pending: invited, not accepted yet; inactive: membership disabled or invitation expired. */
export const MEMBER_STATUSES = ['active', 'pending', 'inactive'] as const;
export const ZMemberStatus = z.enum(MEMBER_STATUSES);
export type TMemberStatus = z.infer<typeof ZMemberStatus>;

/**
 * One row of the team list. The list mixes two kinds of rows with separate numeric id spaces:
 * - kind 'member': a person in the company; `id` is their user id, used by PUT/DELETE /api/team/members/{id}.
 * - kind 'invitation': an invitation not accepted yet; `id` is the invitation id, used by
 *   POST /api/team/resend-invite/{id} and DELETE /api/team/invitations/{id}.
 * So a row is identified by (kind, id), never by id alone.
 */
export const ZTeamMember = z.object({
  id: z.number().int(),
  kind: z.enum(['member', 'invitation']),
  /** Null when the person has not given one; the screens show 'Unnamed'. */
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  status: ZMemberStatus,
  /** Members: when they joined the company. Invitations: when the invitation was (re)sent. */
  created_at: z.string(),
  /** Invitations only: when the link stops working. */
  expires_at: z.string().nullable(),
  /** Members: whether they sign in with two-factor; null for invitations. */
  two_factor_enabled: z.boolean().nullable(),
  /** Members: the last time one of their sessions in this company was used (approximate); null if never. */
  last_active_at: z.string().nullable(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZTeamMembersResponse = z.array(ZTeamMember);

const required = TEAM_MESSAGES.inviteFieldsRequired;

const ZInviteRole = z.enum(ROLES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? required : TEAM_MESSAGES.invalidRole),
});

export const ZInviteRequest = z.object({
  email: z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(255, 'Email must be at most 255 characters')
    .pipe(z.email(TEAM_MESSAGES.invalidEmail)),
  name: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  role: ZInviteRole,
  /** A personal note included in the invitation email. */
  message: multiline(
    z
      .string()
      .trim()
      .max(INVITE_MESSAGE_MAX, `Message must be at most ${INVITE_MESSAGE_MAX} characters`)
      .optional()
      .default(''),
  ),
});
export type TInviteRequest = z.input<typeof ZInviteRequest>;

export const ZUpdateMemberRoleRequest = z.object({ role: ZInviteRole });
export type TUpdateMemberRoleRequest = z.infer<typeof ZUpdateMemberRoleRequest>;

const ZInviteToken = z
  .string({ error: TEAM_MESSAGES.invitationInvalid })
  .trim()
  .min(1, TEAM_MESSAGES.invitationInvalid)
  .max(200, TEAM_MESSAGES.invitationInvalid);

export const ZInviteInfoQuery = z.object({ token: ZInviteToken });

/** What the invitation page shows before accepting (public: whoever holds the link may see it). */
export const ZInviteInfo = z.object({
  company: z.string(),
  role: z.enum(ROLES),
  email: z.string(),
  /** The name the admin typed when inviting; prefills the form. */
  name: z.string().nullable(),
  inviter_name: z.string().nullable(),
  message: z.string().nullable(),
  expires_at: z.string(),
  /** True when the email already has an account: the person signs in, then accepts. */
  has_account: z.boolean(),
  /** The company requires two-factor: the person sets it up right after joining. */
  requires_two_factor: z.boolean(),
});
export type TInviteInfo = z.infer<typeof ZInviteInfo>;

/**
 * Accepting an invitation. Signed in (bearer token of the invited email's account): just the token.
 * Not signed in, for an email with no account yet: token, name and password create the account.
 * Not signed in, for an email that has an account: token and that account's password (and its two-factor
 * code when two-factor is on) — which also lets someone who belongs to no company any more join again.
 */
export const ZAcceptInviteRequest = z.object({
  token: ZInviteToken,
  name: z.string().trim().max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`).optional(),
  password: z.string().max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`).optional(),
  twoFactorCode: z.string().trim().max(20, '2FA code must be at most 20 characters').optional(),
});
export type TAcceptInviteRequest = z.infer<typeof ZAcceptInviteRequest>;

export const ZAcceptInviteResponse = z.object({ token: z.string(), user: ZUser });
export type TAcceptInviteResponse = z.infer<typeof ZAcceptInviteResponse>;

/** New accounts follow the 8-character rule of the operational spec. */
export const ZAcceptInviteForm = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, TEAM_MESSAGES.nameRequired)
      .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
    password: z
      .string()
      .min(1, AUTH_MESSAGES.passwordRequired)
      .min(8, AUTH_MESSAGES.passwordMin8)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });
export type TAcceptInviteForm = z.infer<typeof ZAcceptInviteForm>;

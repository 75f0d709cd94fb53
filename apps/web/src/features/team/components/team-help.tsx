import { INVITATION_TTL_DAYS } from '@quantics/contracts';
import { HelpPanel, type HelpSection, type useHelp } from '@/components/ui/help-panel';
import { ROLE_DESCRIPTIONS } from '../team-texts';

const SECTIONS: HelpSection[] = [
  {
    title: 'Roles',
    items: [
      <>
        <strong>Admin</strong>: {ROLE_DESCRIPTIONS.admin}
      </>,
      <>
        <strong>Operator</strong>: {ROLE_DESCRIPTIONS.operator}
      </>,
      <>
        <strong>Team Member</strong>: {ROLE_DESCRIPTIONS.member}
      </>,
    ],
  },
  {
    title: 'Invitations',
    items: [
      'Invite Member emails a personal link; the person sets their name and password and joins with the role you chose.',
      'Someone who already has a Quantics account signs in and joins; they keep their other companies.',
      `Links work for ${INVITATION_TTL_DAYS} days and only once. Resend sends a fresh link; the old one stops working.`,
    ],
  },
  {
    title: 'Statuses',
    items: [
      'Active: in the team and able to sign in to this company.',
      'Pending: invited, not accepted yet.',
      'Inactive: the invitation expired (resend it) or the membership was disabled.',
      'You cannot change your own role or remove yourself, and the company always keeps at least one admin.',
    ],
  },
];

export function TeamHelp({ help }: { help: ReturnType<typeof useHelp> }) {
  return (
    <HelpPanel
      help={help}
      title="Managing your team"
      intro="Roles are per company: the same person can be an admin in one company and a team member in another."
      sections={SECTIONS}
    />
  );
}

import { HelpPanel, type HelpSection, type useHelp } from '@/components/ui/help-panel';

const SECTIONS: HelpSection[] = [
  {
    title: 'Your companies',
    items: [
      'Each company keeps its own inventory, devices, audits, team and reports; nothing is shared between them.',
      'Your role is set per company: you can be an admin in one and an operator in another.',
      'The card at the top shows the company you are working in now, with its figures.',
    ],
  },
  {
    title: 'Switching',
    items: [
      'Switch moves your session to another company and reloads the portal there.',
      'The next time you sign in, you land in the company you used last.',
    ],
  },
  {
    title: 'Admins',
    items: [
      'Edit Company renames the current company for everyone in it.',
      'Create New Company starts a separate company with a manual catalogue; you become its admin and can invite its team after switching to it.',
    ],
  },
];

export function CompanyHelp({ help }: { help: ReturnType<typeof useHelp> }) {
  return (
    <HelpPanel
      help={help}
      title="Companies"
      intro="Quantics keeps every company's data separate."
      sections={SECTIONS}
    />
  );
}

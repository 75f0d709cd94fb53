import { HelpPanel, type HelpSection, type useHelp } from '@/components/ui/help-panel';

const SECTIONS: HelpSection[] = [
  {
    title: 'Pairing a reader',
    items: [
      'On the reader, start pairing: it shows a 6-digit code.',
      'Click Register Device and type the code. Codes expire after 5 minutes.',
      'Pairing a reader your company already has (same serial number) re-pairs it: its old token stops working.',
    ],
  },
  {
    title: 'Status',
    items: [
      'Online: the reader was heard from in the last 2 minutes.',
      'Warning: online, but the battery is under 20% or the signal is 1 bar or less.',
      'Offline: not heard from for 2 minutes; battery shows a dash and the signal is crossed out.',
    ],
  },
  {
    title: 'Good to know',
    items: [
      'This list refreshes every 5 seconds.',
      'Battery is green above 60%, yellow above 20%, red below.',
      'Deleting a device stops it from sending reads until it is paired again; its audits stay.',
    ],
  },
];

export function DevicesHelp({ help }: { help: ReturnType<typeof useHelp> }) {
  return (
    <HelpPanel
      help={help}
      title="Handheld RFID readers"
      intro="Readers walk your aisles and stream the tags they read; audits compare them with your inventory."
      sections={SECTIONS}
    />
  );
}

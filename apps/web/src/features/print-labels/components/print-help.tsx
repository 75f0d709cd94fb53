import { HelpPanel, type HelpSection, type useHelp } from '@/components/ui/help-panel';

const code = (text: string) => (
  <code className="rounded bg-white/70 px-1 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
    {text}
  </code>
);

const SECTIONS: HelpSection[] = [
  {
    title: 'Setup',
    items: [
      <>
        Install the Quantics Print Utility on the computer attached to the printer: copy{' '}
        {code('quantics-print.mjs')} there (it needs Node.js 20 or newer).
      </>,
      'Connect the Zebra RFID printer by USB (it appears as a CUPS queue) or on the network (raw TCP, port 9100).',
      <>
        Log in to the utility with your Quantics account:{' '}
        {code('node quantics-print.mjs login --server <this address>')}
      </>,
      <>Start it: {code('node quantics-print.mjs start --printer "Zebra=192.168.1.40:9100"')}</>,
    ],
  },
  {
    title: 'Printing labels',
    items: [
      'Search for a product by name or SKU and press Enter; a single match is selected for you.',
      'Choose how many labels and a printer, then print. Each label gets the product’s EPC written to its RFID tag.',
      'Bulk printing: add products (or all of them) to the queue, set a quantity for each, and print them together.',
    ],
  },
  {
    title: 'Connection guide',
    items: [
      'The badge above turns to Print Utility Connected within 5 seconds of the utility starting.',
      'The printer list shows what the utility sees; a check marks a printer that is ready.',
      'The utility reconnects on its own if the network or the portal goes away.',
    ],
  },
  {
    title: 'Troubleshooting',
    items: [
      'Make sure the utility is running and logged in to the same account as you are here.',
      'Check the printer is powered on, connected, has labels loaded and its head is closed.',
      <>
        Make sure the printer’s drivers (or CUPS queue) are installed; {code('quantics-print printers')} lists
        what the utility sees.
      </>,
      <>Print a test label from the utility with {code('quantics-print test-print <printer>')}.</>,
    ],
  },
];

export function PrintHelp({ help }: { help: ReturnType<typeof useHelp> }) {
  return (
    <HelpPanel
      help={help}
      title="Printing RFID labels"
      intro="Labels are printed by the Quantics Print Utility on the computer with your Zebra printer; this page sends it the jobs."
      sections={SECTIONS}
    />
  );
}

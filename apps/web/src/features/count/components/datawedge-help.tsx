import type { HelpSection } from '@/components/ui/help-panel';

/** How to make a Zebra handheld (or any HID-keyboard reader) type its reads into the Count screen. */
export const DATAWEDGE_HELP: HelpSection[] = [
  {
    title: 'DataWedge profile for Chrome',
    items: [
      'Open DataWedge on the handheld, create a profile (e.g. "Quantics Count") and associate it with com.android.chrome.',
      'Barcode input: off. RFID input: on (the trigger reads tags).',
      'RFID input > Filter duplicate tags: on (off works too; repeats are counted once).',
      'Keystroke output: on. Under Basic data formatting: Send data on, Send ENTER key on.',
      'Intent output: off, so the reads reach the browser as typing.',
    ],
  },
  {
    title: 'Other readers',
    items: [
      'Any reader in HID keyboard mode works: a USB or Bluetooth reader that types each tag as 24 hex digits.',
      'Enter, Tab, spaces or commas between tags all work, and so does no separator at all.',
      'If DataWedge adds a prefix (Prefix to data), type the same prefix in the DataWedge prefix field.',
    ],
  },
  {
    title: 'Counting',
    items: [
      'Pick a location, optionally name the count, and tap Start count. Keep the page open and read.',
      'Blind count hides the expected figures: the counter sees only what was found.',
      'Reads are kept on the handheld until the portal has them: no Wi-Fi for a while, a reload or the phone sleeping loses nothing.',
      'Finish sends what is left and opens the result, like any audit.',
    ],
  },
];

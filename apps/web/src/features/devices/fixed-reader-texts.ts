/** The fixed readers' screen texts (labels, toasts); the API's messages come from the server as they are. */
export const FIXED_TEXTS = {
  add: 'Add fixed reader',
  added: 'Fixed reader added',
  addFailed: 'Failed to add fixed reader',
  settingsTitle: 'Webhook settings',
  settingsHelp:
    "Type these into the reader's web console as the steps below say. Copy the password now: it is not shown again. Replace it to get a new one.",
  addDescription:
    'An Impinj R700, a Zebra FX7500, FX9600, ATR7000 or FXR90, or an Impinj Speedway or xArray that posts its reads to Quantics.',
  interfaceLabel: 'Connection',
  interfaceHint: 'Follows the model; change it if the reader posts another way.',
  stepsTitle: "In the reader's web console",
  replacePassword: 'Replace password',
  replaceQuestion: (name: string) =>
    `Replace the webhook password of ${name}? The old password stops working at once: the reader's posts are refused until you type the new one into it.`,
  replaced: 'Webhook password replaced',
  replaceFailed: 'Failed to replace the webhook password',
  startCount: 'Start count',
  started: 'Count started',
  startFailed: 'Failed to start the count',
  finishCount: 'Finish count',
  finished: 'Count finished',
  finishFailed: 'Failed to finish the count',
  copied: (what: string) => `${what} copied`,
  copyFailed: 'Could not copy: select the text and copy it',
  noBattery: 'Mains powered',
} as const;

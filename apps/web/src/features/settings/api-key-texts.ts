/** Texts of the API keys tab (the spec has none for it; these are ours). */
export const API_KEY_TEXTS = {
  tab: 'API keys',
  title: 'API keys',
  description:
    'Let the programs your company connects (a till, an ERP, a script) call Quantics. Each key acts for this company, within the scopes you give it.',
  docsLink: 'How to call the API with a key',
  create: 'Create API key',
  none: 'No API keys yet',
  noneBody: 'Create a key for each program, with only the scopes it needs. You can revoke it at any time.',
  loadFailed: 'API keys could not be loaded',
  name: 'Name',
  namePlaceholder: 'Till 1',
  nameHint: 'Name it after the program that will use it.',
  scopes: 'Scopes',
  created: 'API key created',
  createFailed: 'The API key could not be created',
  keyTitle: 'Your new API key',
  keyWarning:
    'Copy it now and keep it somewhere safe: it will not be shown again. If it is lost, revoke it and create another.',
  done: 'Done',
  createdOn: (when: string, who: string | null) => (who ? `Created ${when} by ${who}` : `Created ${when}`),
  lastUsed: (when: string) => `Last used ${when}`,
  neverUsed: 'Never used',
  revokedOn: (when: string) => `Revoked ${when}`,
  revoked: 'Revoked',
  active: 'Active',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this API key?',
  revokeBody: (name: string) =>
    `Every call with “${name}” will be refused from now on. The program using it stops working until it gets a new key. This cannot be undone.`,
  revokedToast: 'API key revoked',
  revokeFailed: 'The API key could not be revoked',
} as const;

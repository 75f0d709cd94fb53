/**
 * Every TanStack Query key the app uses, in one place: a mutation in one feature invalidates another feature's
 * data (saving a product refreshes the locations' counts) without importing that feature. Prefixes matter:
 * invalidating `inventory.all` refreshes every inventory page, so a key's first items are its family.
 */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  audits: {
    all: ['audits'] as const,
    lists: ['audits', 'list'] as const,
    list: (query: unknown) => ['audits', 'list', query] as const,
    detail: (id: number | null) => ['audits', 'detail', id] as const,
    discrepancies: (id: number | undefined) => ['audits', 'discrepancies', id] as const,
  },
  chat: {
    conversations: ['chat', 'conversations'] as const,
    conversationsOf: (userId: number, companyId: number) =>
      ['chat', 'conversations', userId, companyId] as const,
    messages: (id: number) => ['chat', 'messages', id] as const,
  },
  companies: {
    current: ['companies', 'current'] as const,
    stats: (companyId: number | undefined) => ['companies', companyId, 'stats'] as const,
    /** The signed-in person's companies (GET /api/team/companies). */
    mine: ['team', 'companies'] as const,
  },
  counts: {
    /** GET /api/counts/due: what is due and the coverage (a finished count moves both). */
    due: ['counts', 'due'] as const,
    /** GET /api/recounts: the counts with lines sent to recount (the Count screen's "Recount requested"). */
    recounts: ['counts', 'recounts'] as const,
  },
  dashboard: {
    stats: ['stats', 'dashboard'] as const,
    /** GET /api/onboarding: the company's getting-started steps (issue 54). */
    onboarding: ['onboarding'] as const,
  },
  devices: ['devices'] as const,
  dutchie: {
    all: ['dutchie-inventory'] as const,
    list: (query: unknown) => ['dutchie-inventory', 'list', query] as const,
    product: (packageId: string) => ['dutchie-inventory', 'product', packageId] as const,
    connection: ['dutchie-inventory', 'connection'] as const,
  },
  inventory: {
    all: ['inventory'] as const,
    list: (query: unknown) => ['inventory', 'list', query] as const,
    /** A product's history (under inventory.all: saving the product refreshes it). */
    movements: (productId: number, place: unknown) => ['inventory', 'movements', productId, place] as const,
  },
  locations: ['locations'] as const,
  shipments: {
    all: ['shipments'] as const,
    list: (status: unknown) => ['shipments', 'list', status] as const,
    detail: (id: number | null) => ['shipments', 'detail', id] as const,
  },
  print: {
    status: ['print', 'status'] as const,
    jobs: ['print', 'jobs'] as const,
    jobsPage: (page: number, limit: number) => ['print', 'jobs', page, limit] as const,
    agents: ['print', 'agents'] as const,
    labelSettings: ['print', 'label-settings'] as const,
    gs1Prefixes: ['print', 'gs1-prefixes'] as const,
    /** Under print.jobs, so a print (which refreshes the jobs) refreshes the product's serials too. */
    productSerials: (productId: number) => ['print', 'jobs', 'product-serials', productId] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: (userId: number, companyId: number) => ['notifications', 'list', userId, companyId] as const,
    settings: ['notifications', 'settings'] as const,
  },
  apiKeys: {
    all: ['api-keys'] as const,
  },
  webhooks: {
    all: ['webhooks'] as const,
    deliveries: (id: number, page: number) => ['webhooks', 'deliveries', id, page] as const,
  },
  reports: {
    stats: ['stats', 'dashboard', 'reports'] as const,
    /** Approving or applying a count's lines moves the shrink report. */
    shrink: (query: unknown) => ['reports', 'shrink', query] as const,
    accuracy: (query: unknown) => ['reports', 'accuracy', query] as const,
  },
  settings: {
    profile: ['settings', 'profile'] as const,
    twoFactorStatus: ['settings', '2fa', 'status'] as const,
    sessions: ['settings', 'sessions'] as const,
  },
  team: {
    members: ['team', 'members'] as const,
    inviteInfo: (token: string | null) => ['team', 'invite-info', token] as const,
  },
} as const;

import type { DASHBOARD_MESSAGES } from '@quantics/contracts';

/**
 * The spec's dashboard texts as the screens show them, each typed against the contracts' constant so the server's
 * messages and these never drift apart.
 */
export const DASHBOARD_TEXTS = {
  noAudits: 'No audits yet' satisfies typeof DASHBOARD_MESSAGES.noAudits,
  noActivity: 'No recent activity' satisfies typeof DASHBOARD_MESSAGES.noActivity,
  noLowStock: 'No low stock items' satisfies typeof DASHBOARD_MESSAGES.noLowStock,
  noExpiring: 'No products expiring within the next 30 days' satisfies typeof DASHBOARD_MESSAGES.noExpiring,
  noSales: 'No sales data available' satisfies typeof DASHBOARD_MESSAGES.noSales,
  unknownDevice: 'Unknown Device' satisfies typeof DASHBOARD_MESSAGES.unknownDevice,
} as const;

/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const DASHBOARD_TEXTS = {
  noAudits: 'No audits yet',
  noActivity: 'No recent activity',
  noLowStock: 'No low stock items',
  noExpiring: 'No products expiring within the next 30 days',
  noSales: 'No sales data available',
  unknownDevice: 'Unknown Device',
} as const;

import { AUDIT_MESSAGES } from '@quantics/contracts';

/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const AUDIT_TEXTS = {
  title: 'Audit History',
  loadFailed: 'Failed to load audits',
  discrepanciesFailed: 'Failed to load discrepancy details',
  refreshed: 'Audits refreshed',
  commentsUpdated: 'Comments updated successfully',
  commentsFailed: 'Failed to update comments',
  empty: 'No audits yet',
  noDiscrepancies: 'No detailed discrepancy information available.',
  notSpecified: 'Not specified',
  unknownDevice: 'Unknown',
  unknownDeviceDashboard: 'Unknown Device',
  manual: 'Manual',
  saveComments: 'Save Comments',
  editComments: 'Edit Comments',
  reasonRequired: AUDIT_MESSAGES.reasonRequired,
  countsApplied: 'Counts applied to the inventory',
} as const;

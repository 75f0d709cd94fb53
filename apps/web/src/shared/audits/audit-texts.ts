import type { AUDIT_MESSAGES } from '@quantics/contracts';

/**
 * The spec's audits texts as the screens show them, each typed against the contracts' constant so the server's
 * messages and these never drift apart.
 */
export const AUDIT_TEXTS = {
  title: 'Audit History' satisfies typeof AUDIT_MESSAGES.title,
  loadFailed: 'Failed to load audits' satisfies typeof AUDIT_MESSAGES.loadFailed,
  discrepanciesFailed:
    'Failed to load discrepancy details' satisfies typeof AUDIT_MESSAGES.discrepanciesFailed,
  refreshed: 'Audits refreshed' satisfies typeof AUDIT_MESSAGES.refreshed,
  commentsUpdated: 'Comments updated successfully' satisfies typeof AUDIT_MESSAGES.commentsUpdated,
  commentsFailed: 'Failed to update comments' satisfies typeof AUDIT_MESSAGES.commentsFailed,
  empty: 'No audits yet' satisfies typeof AUDIT_MESSAGES.empty,
  noDiscrepancies:
    'No detailed discrepancy information available.' satisfies typeof AUDIT_MESSAGES.noDiscrepancies,
  notSpecified: 'Not specified' satisfies typeof AUDIT_MESSAGES.notSpecified,
  unknownDevice: 'Unknown' satisfies typeof AUDIT_MESSAGES.unknownDevice,
  unknownDeviceDashboard: 'Unknown Device' satisfies typeof AUDIT_MESSAGES.unknownDeviceDashboard,
  manual: 'Manual' satisfies typeof AUDIT_MESSAGES.manual,
  saveComments: 'Save Comments' satisfies typeof AUDIT_MESSAGES.saveComments,
  editComments: 'Edit Comments' satisfies typeof AUDIT_MESSAGES.editComments,
  notFound: 'Audit not found' satisfies typeof AUDIT_MESSAGES.notFound,
  notCompleted: 'Only a completed audit’s counts can be applied' satisfies typeof AUDIT_MESSAGES.notCompleted,
  alreadyApplied:
    'This audit’s counts have already been applied' satisfies typeof AUDIT_MESSAGES.alreadyApplied,
  reasonRequired: 'A reason is required' satisfies typeof AUDIT_MESSAGES.reasonRequired,
  rowsNotApplicable:
    'Only shortage and overage rows of this audit can be applied' satisfies typeof AUDIT_MESSAGES.rowsNotApplicable,
  countsApplied: 'Counts applied to the inventory' satisfies typeof AUDIT_MESSAGES.countsApplied,
} as const;

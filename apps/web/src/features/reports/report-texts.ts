import { REPORT_MESSAGES } from '@quantics/contracts';

/**
 * The screen's own texts (labels, toasts, empty states), word for word from the spec. The API's messages are the
 * contracts' constants, referenced here rather than retyped, so there is one copy of each.
 */
export const REPORT_TEXTS = {
  statsFailed: 'Failed to load report statistics',
  noData: REPORT_MESSAGES.noData,
  generateFailed: 'Failed to generate report',
  dutchieNoData: REPORT_MESSAGES.dutchieNoData,
  dutchieFailed: 'Failed to fetch Dutchie inventory data',
  generate: 'Generate & Download',
  startAfterEnd: REPORT_MESSAGES.startAfterEnd,
  badDate: REPORT_MESSAGES.badDate,
} as const;

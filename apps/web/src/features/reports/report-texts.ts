import type { REPORT_MESSAGES } from '@quantics/contracts';

/**
 * The spec's reports texts as the screens show them, each typed against the contracts' constant so the server's
 * messages and these never drift apart.
 */
export const REPORT_TEXTS = {
  statsFailed: 'Failed to load report statistics' satisfies typeof REPORT_MESSAGES.statsFailed,
  noData: 'No data available for the selected report' satisfies typeof REPORT_MESSAGES.noData,
  generateFailed: 'Failed to generate report' satisfies typeof REPORT_MESSAGES.generateFailed,
  dutchieNoData: 'No Dutchie inventory data available...' satisfies typeof REPORT_MESSAGES.dutchieNoData,
  dutchieFailed: 'Failed to fetch Dutchie inventory data' satisfies typeof REPORT_MESSAGES.dutchieFailed,
  generate: 'Generate & Download' satisfies typeof REPORT_MESSAGES.generate,
  startAfterEnd:
    'The start date must be on or before the end date' satisfies typeof REPORT_MESSAGES.startAfterEnd,
  badDate: 'Dates must be written YYYY-MM-DD' satisfies typeof REPORT_MESSAGES.badDate,
} as const;

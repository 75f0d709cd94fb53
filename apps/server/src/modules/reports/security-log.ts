import { SECURITY_LOG_HEADER } from '@quantics/contracts';
import type { ReportSource } from './report-sources.ts';
import { securityLogPage } from './reports.repo.ts';

const text = (v: unknown) => (v == null ? '' : String(v));

/**
 * The company's security log (sign-ins, failed sign-ins, two-factor and password changes, sessions ended, role and
 * policy changes) between two days, both included, oldest first: read in keyset pages like every report.
 */
export function securityLogSource(companyId: number, from: string, to: string): ReportSource {
  return {
    header: SECURITY_LOG_HEADER,
    page: (after, size) => securityLogPage(companyId, from, to, after, size),
    row: (r) => {
      const at = new Date(r.created_at as string).toISOString();
      // The key keeps the microseconds (a Date would drop them and the page boundary could repeat a row).
      return {
        key: [r.created_key as string, r.id as number],
        cells: [at, r.action, r.performer_name, r.message, text(r.ip), text(r.ua)],
      };
    },
  };
}

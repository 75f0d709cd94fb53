import { SECURITY_LOG_ACTIONS, SECURITY_LOG_HEADER } from '@quantics/contracts';
import { sql } from 'drizzle-orm';
import { sqlArray } from '../../db/sql-arrays.ts';
import type { ReportSource } from './report-sources.ts';

const text = (v: unknown) => (v == null ? '' : String(v));

/**
 * The company's security log (sign-ins, failed sign-ins, two-factor and password changes, sessions ended, role and
 * policy changes) between two days, both included, oldest first: read in keyset pages like every report.
 */
export function securityLogSource(companyId: number, from: string, to: string): ReportSource {
  return {
    header: SECURITY_LOG_HEADER,
    page: (after, size) => sql`
      SELECT id, created_at, created_at::text AS created_key, action, performer_name, message, metadata->>'ip' AS ip, metadata->>'user_agent' AS ua
      FROM activity_log
      WHERE company_id = ${companyId}
        AND action = ANY(${sqlArray(SECURITY_LOG_ACTIONS, 'text')})
        AND created_at >= ${from}::date AND created_at < ${to}::date + 1
        ${after ? sql`AND (created_at, id) > (${after[0]}::timestamptz, ${after[1]})` : sql``}
      ORDER BY created_at, id LIMIT ${size}`,
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

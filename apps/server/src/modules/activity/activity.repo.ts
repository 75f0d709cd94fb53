import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activityLog } from '../../db/schema/index.ts';

export type NewActivity = typeof activityLog.$inferInsert;

/** Append only: there is deliberately no update or delete here. */
export async function insertActivity(db: Db, values: NewActivity) {
  await db.insert(activityLog).values(values);
}

/**
 * The company's newest entries first, named as `activityItems` reads them: read alone (`listRecentActivity`) or as
 * one part of the dashboard's statement (stats/dashboard.repo.ts).
 */
export const recentActivitySql = (companyId: number, limit: number) => sql`
  SELECT id, type, action, message, created_at AS "createdAt", metadata, performer_name AS "performerName",
    performer_type AS "performerType"
  FROM activity_log WHERE company_id = ${companyId}
  ORDER BY created_at DESC, id DESC LIMIT ${limit}
`;

export async function listRecentActivity(db: Db, companyId: number, limit: number) {
  return (await db.execute<ActivityRow>(recentActivitySql(companyId, limit))).rows;
}

/** A row of `recentActivitySql`. */
export type ActivityRow = {
  id: number;
  type: string;
  action: string;
  message: string;
  /** A Date from the driver, or an ISO string when read inside a JSON document. */
  createdAt: Date | string;
  metadata: unknown;
  performerName: string;
  performerType: string;
};

import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activityLog } from '../../db/schema/index.ts';

export type NewActivity = typeof activityLog.$inferInsert;

/** Append only: there is deliberately no update or delete here. */
export async function insertActivity(db: Db, values: NewActivity) {
  await db.insert(activityLog).values(values);
}

/** The company's newest entries first. */
export function listRecentActivity(db: Db, companyId: number, limit: number) {
  return db
    .select()
    .from(activityLog)
    .where(eq(activityLog.companyId, companyId))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(limit);
}

/** The same newest entries as SQL alone, with the columns' names as `listRecentActivity` gives them. */
export const recentActivitySql = (companyId: number, limit: number) => sql`
  SELECT id, type, action, message, created_at AS "createdAt", metadata, performer_name AS "performerName",
    performer_type AS "performerType"
  FROM activity_log WHERE company_id = ${companyId}
  ORDER BY created_at DESC, id DESC LIMIT ${limit}
`;

import { desc, eq } from 'drizzle-orm';
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

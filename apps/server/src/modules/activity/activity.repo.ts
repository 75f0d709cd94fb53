import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activityLog } from '../../db/schema/index.ts';

export type NewActivity = typeof activityLog.$inferInsert;

/** Append only: there is deliberately no update or delete here. */
export async function insertActivity(db: Db, values: NewActivity) {
  await db.insert(activityLog).values(values);
}

/**
 * The company's newest entries first (security events, such as failed sign-ins, are for the admins' security log
 * only, not every member's dashboard), named as `activityItems` reads them: read alone (`listRecentActivity`) or as
 * one part of the dashboard's statement (stats/dashboard.repo.ts).
 */
export const recentActivitySql = (companyId: number, limit: number) => sql`
  SELECT id, type, action, message, created_at AS "createdAt", metadata, performer_name AS "performerName",
    performer_type AS "performerType"
  FROM activity_log WHERE company_id = ${companyId} AND type <> 'security'
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

/** One entry in every company the user is an active member of (an account-wide event: a password change...). */
export async function insertActivityForUserCompanies(
  db: Db,
  userId: number,
  values: Omit<NewActivity, 'companyId'>,
) {
  await db.execute(sql`
    INSERT INTO activity_log (company_id, performer_type, performer_id, performer_name, action, type, message, metadata)
    SELECT m.company_id, ${values.performerType}, ${values.performerId ?? null}, ${values.performerName},
      ${values.action}, ${values.type}, ${values.message}, ${JSON.stringify(values.metadata ?? null)}::jsonb
    FROM memberships m WHERE m.user_id = ${userId} AND m.is_active`);
}

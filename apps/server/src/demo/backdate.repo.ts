import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The one write around the API in the demo's seed (showcase.ts): a review made now for a count of weeks ago is dated
 * when it would have been made (its lines' decision and application, the count's applying, and the stock movements it
 * made), so the shrink report and a product's history read as months of use. Only times change; every quantity went
 * through the services. No API can date a decision in the past, as none can back-date an audit (IngestDeps.at).
 */
export async function backdateReview(db: Db, companyId: number, auditId: number, at: Date) {
  const when = at.toISOString();
  await db.execute(sql`
    update audit_discrepancies set decided_at = case when decided_at is null then null else ${when}::timestamptz end,
      applied_at = case when applied_at is null then null else ${when}::timestamptz end
    where company_id = ${companyId} and audit_id = ${auditId}`);
  await db.execute(sql`
    update audits set counts_applied_at = ${when}::timestamptz
    where company_id = ${companyId} and id = ${auditId} and counts_applied_at is not null`);
  await db.execute(sql`
    update stock_movements set at = ${when}::timestamptz
    where company_id = ${companyId} and audit_id = ${auditId} and reason = 'count'`);
}

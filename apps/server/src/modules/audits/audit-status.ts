import { type SQL, sql } from 'drizzle-orm';
import { auditBatches, audits } from '../../db/schema/index.ts';

/**
 * The audit's status as everyone should see it: an in-progress audit that has received no batch for the time-out
 * (counted from its last batch, or its start) reads as failed. Derived on read, so any number of server instances
 * agree without a background job.
 */
function derivedStatus(timeoutMinutes: number): SQL<string> {
  return sql<string>`(case when ${audits.status} = 'in_progress' and coalesce(
      (select max(${auditBatches.receivedAt}) from ${auditBatches}
        where ${auditBatches.companyId} = ${audits.companyId} and ${auditBatches.auditId} = ${audits.id}),
      ${audits.createdAt}) < now() - ${timeoutMinutes} * interval '1 minute'
    then 'failed' else ${audits.status} end)`;
}

/**
 * The configured audit time-out, bound once: buildApp makes one from the config (app.audits) and whatever reads an
 * audit's status takes this instead of the number.
 */
export type AuditClock = {
  readonly timeoutMinutes: number;
  /** The derived status of the `audits` row in the query, as an SQL expression. */
  status(): SQL<string>;
};

export function auditClock(timeoutMinutes: number): AuditClock {
  return { timeoutMinutes, status: () => derivedStatus(timeoutMinutes) };
}

import { DEFAULT_REASON_CODES } from '@quantics/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { countPolicies, reasonCodes } from '../../db/schema/index.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

// A company's count policy and reason codes. Every function takes the caller's companyId and filters by it.

export async function getPolicy(db: Db, companyId: number) {
  const [row] = await db
    .select({ units: countPolicies.approvalUnits, value: countPolicies.approvalValue })
    .from(countPolicies)
    .where(eq(countPolicies.companyId, companyId));
  return row;
}

export async function savePolicy(db: Db, companyId: number, units: number | null, value: number | null) {
  const approvalValue = value === null ? null : value.toFixed(2);
  await db
    .insert(countPolicies)
    .values({ companyId, approvalUnits: units, approvalValue })
    .onConflictDoUpdate({
      target: countPolicies.companyId,
      set: { approvalUnits: units, approvalValue, updatedAt: sql`now()` },
    });
}

/**
 * The default list, for a company that has no code yet: added once, in the transaction that creates the company
 * (reason-codes.service.ts addDefaultReasonCodes).
 */
export async function ensureDefaultCodes(db: Db, companyId: number) {
  await db.execute(sql`
    insert into reason_codes (company_id, code, label)
    select ${companyId}::int, c.code, c.label
    from unnest(${sqlArray(
      DEFAULT_REASON_CODES.map((c) => c.code),
      'text',
    )}, ${sqlArray(
      DEFAULT_REASON_CODES.map((c) => c.label),
      'text',
    )}) with ordinality as c(code, label, ord)
    where not exists (select 1 from reason_codes r where r.company_id = ${companyId}::int)
    order by c.ord
    on conflict do nothing`);
}

const inUse = sql<boolean>`exists (select 1 from audit_discrepancies d
  where d.company_id = ${reasonCodes.companyId} and d.reason_code_id = ${reasonCodes.id})`;

const codeColumns = {
  id: reasonCodes.id,
  code: reasonCodes.code,
  label: reasonCodes.label,
  retiredAt: reasonCodes.retiredAt,
  inUse,
};

export function listCodes(db: Db, companyId: number) {
  return db
    .select(codeColumns)
    .from(reasonCodes)
    .where(eq(reasonCodes.companyId, companyId))
    .orderBy(sql`${reasonCodes.retiredAt} is not null`, asc(reasonCodes.id));
}

export type ReasonCodeRow = Awaited<ReturnType<typeof listCodes>>[number];

export async function findCode(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select(codeColumns)
    .from(reasonCodes)
    .where(and(eq(reasonCodes.companyId, companyId), eq(reasonCodes.id, id)));
  return row;
}

/** A code by its text (any case). */
export async function findCodeByText(db: Db, companyId: number, code: string) {
  const [row] = await db
    .select(codeColumns)
    .from(reasonCodes)
    .where(and(eq(reasonCodes.companyId, companyId), sql`lower(${reasonCodes.code}) = lower(${code})`));
  return row;
}

/** Undefined: the company has this code already. */
export async function insertCode(db: Db, companyId: number, code: string, label: string) {
  const [row] = await db
    .insert(reasonCodes)
    .values({ companyId, code, label })
    .onConflictDoNothing()
    .returning({ id: reasonCodes.id });
  return row?.id;
}

export async function updateCode(
  db: Db,
  companyId: number,
  id: number,
  change: { label?: string; retired?: boolean },
) {
  const rows = await db
    .update(reasonCodes)
    .set({
      ...(change.label !== undefined && { label: change.label }),
      ...(change.retired !== undefined && {
        retiredAt: change.retired ? sql`coalesce(${reasonCodes.retiredAt}, now())` : null,
      }),
    })
    .where(and(eq(reasonCodes.companyId, companyId), eq(reasonCodes.id, id)))
    .returning({ id: reasonCodes.id });
  return rows.length > 0;
}

/** Deletes a code no line uses; false when none was deleted (missing, or in use). */
export async function deleteUnusedCode(db: Db, companyId: number, id: number) {
  const rows = await db
    .delete(reasonCodes)
    .where(and(eq(reasonCodes.companyId, companyId), eq(reasonCodes.id, id), sql`not ${inUse}`))
    .returning({ id: reasonCodes.id });
  return rows.length > 0;
}

import { SGTIN96_SERIAL_MAX } from '@quantics/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gs1Prefixes, gs1Serials, printJobs, products } from '../../db/schema/index.ts';
import { type AgentKey, insertJob, jobQuery, type NewJob, productPrefix } from './print.repo.ts';

// Serialized GS1 labels: the company's GS1 company prefixes and the serials allocated per GTIN. Scoped by company.

export async function listPrefixes(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ prefix: gs1Prefixes.prefix })
    .from(gs1Prefixes)
    .where(eq(gs1Prefixes.companyId, companyId))
    .orderBy(asc(gs1Prefixes.prefix));
  return rows.map((r) => r.prefix);
}

/** Replaces the company's prefixes with these (already checked), in one transaction. */
export async function replacePrefixes(db: Db, companyId: number, prefixes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(gs1Prefixes).where(eq(gs1Prefixes.companyId, companyId));
    if (prefixes.length)
      await tx.insert(gs1Prefixes).values(prefixes.map((prefix) => ({ companyId, prefix })));
  });
}

/**
 * Allocates `count` serials for the GTIN and records the job that uses them, in one transaction: the allocation is
 * one statement (insert the counter, or add to it, returning the new last serial), so jobs on any instance queue
 * on the counter's row and never share a serial; a serial once allocated is never handed out again, printed or
 * not. Undefined when the GTIN's SGTIN-96 serials (38 bits) would run out.
 */
export async function insertSerializedJob(
  db: Db,
  job: NewJob & { gtin: string },
  epcOfFirst: (first: number) => string,
): Promise<{ id: number; first: number; last: number } | undefined> {
  const count = job.quantity;
  return db.transaction(async (tx) => {
    const allocated = await tx.execute<{ last_serial: string | number }>(sql`
      insert into ${gs1Serials} as s (company_id, gtin, last_serial)
      values (${job.companyId}, ${job.gtin}, ${count})
      on conflict (company_id, gtin) do update
        set last_serial = s.last_serial + excluded.last_serial, updated_at = now()
        where s.last_serial + excluded.last_serial <= ${SGTIN96_SERIAL_MAX}
      returning s.last_serial`);
    const lastRow = allocated.rows[0];
    if (!lastRow) return undefined;
    const last = Number(lastRow.last_serial);
    const first = last - count + 1;
    const id = await insertJob(tx, { ...job, epc: epcOfFirst(first), serialFirst: first, serialLast: last });
    return { id, first, last };
  });
}

/**
 * Protocol 2: label `index` of the job went out. Counts only the next label, so a repeat is a no-op. Still counted
 * after the request stopped waiting (a time-out), so the job keeps saying which serials really went out.
 */
export async function recordLabelPrinted(db: Db, agent: AgentKey, jobId: number, index: number) {
  await db
    .update(printJobs)
    .set({ printed: index + 1 })
    .where(
      and(
        eq(printJobs.companyId, agent.companyId),
        eq(printJobs.id, jobId),
        eq(printJobs.agentId, agent.agentId),
        sql`coalesce(${printJobs.printed}, 0) = ${index}`,
      ),
    );
}

/** The product (by id) with its GTIN, the prefix it falls under and the next serial; undefined if not the company's. */
export async function productSerialState(db: Db, companyId: number, productId: number) {
  const [row] = await db
    .select({
      id: products.id,
      gtin: products.gtin,
      prefix: productPrefix,
      // Outer columns qualified by hand: drizzle leaves them bare in a one-table select (see productPrefix).
      lastSerial: sql<string | number | null>`(
        select s.last_serial from ${gs1Serials} s
        where s.company_id = products.company_id and s.gtin = products.gtin)`,
      labelsPrinted: sql<number>`(
        select coalesce(sum(j.printed), 0)::int from ${printJobs} j
        where j.company_id = products.company_id and j.product_id = products.id and j.serial_first is not null)`,
    })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, productId)))
    .limit(1);
  return row;
}

/** The product's latest serialized jobs, newest first. */
export function productSerialJobs(db: Db, companyId: number, productId: number, limit: number) {
  return jobQuery(db)
    .where(
      and(
        eq(printJobs.companyId, companyId),
        eq(printJobs.productId, productId),
        sql`${printJobs.serialFirst} is not null`,
      ),
    )
    .orderBy(sql`${printJobs.id} desc`)
    .limit(limit);
}

import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  gs1Prefixes,
  labelSettings,
  printAgents,
  printJobs,
  products,
  users,
} from '../../db/schema/index.ts';
import { recordEvent } from '../events/events.repo.ts';

// Print utilities, jobs and label settings. Every company-owned read and write is scoped by companyId.

/** A utility unheard of for this long counts as disconnected (it reports every 5 s). */
export const AGENT_STALE_MS = 15_000;

export async function insertAgent(
  db: Db,
  values: { companyId: number; userId: number; name: string; tokenHash: string; ip?: string | null },
) {
  const [row] = await db
    .insert(printAgents)
    .values(values)
    .returning({ id: printAgents.id, name: printAgents.name });
  if (!row) throw new Error('insert print agent returned nothing');
  return row;
}

/**
 * The utility a token belongs to, while it is not revoked and its person is still an active member of that
 * company (removing someone from the team signs their utilities out too).
 */
export async function findAgentByTokenHash(db: Db, tokenHash: string) {
  const rows = await db.execute<{
    id: number;
    company_id: number;
    user_id: number;
    name: string;
    role: string;
  }>(
    sql`select a.id, a.company_id, a.user_id, a.name, m.role
        from print_agents a
        join memberships m on m.user_id = a.user_id and m.company_id = a.company_id and m.is_active
        where a.token_hash = ${tokenHash} and a.revoked_at is null
        limit 1`,
  );
  return rows.rows[0];
}

/** A print utility by its key. */
export type AgentKey = { companyId: number; agentId: number };

const isAgent = (a: AgentKey) => and(eq(printAgents.companyId, a.companyId), eq(printAgents.id, a.agentId));

export async function revokeAgent(db: Db, agent: AgentKey) {
  await db
    .update(printAgents)
    .set({ revokedAt: new Date(), connectedAt: null })
    .where(and(isAgent(agent), isNull(printAgents.revokedAt)));
}

/** False when the utility has been revoked meanwhile (its connection must end). */
export async function markConnected(
  db: Db,
  agent: AgentKey,
  info: { version: string; hostname?: string; protocol: number },
) {
  const now = new Date();
  const rows = await db
    .update(printAgents)
    .set({
      connectedAt: now,
      lastSeenAt: now,
      agentVersion: info.version,
      hostname: info.hostname ?? null,
      protocol: info.protocol,
    })
    .where(and(isAgent(agent), isNull(printAgents.revokedAt)))
    .returning({ id: printAgents.id });
  return rows.length > 0;
}

/** False when the utility has been revoked meanwhile (its connection must end). */
export async function reportPrinters(db: Db, agent: AgentKey, printers: { name: string; status: string }[]) {
  const rows = await db
    .update(printAgents)
    .set({ printers, lastSeenAt: new Date() })
    .where(and(isAgent(agent), isNull(printAgents.revokedAt)))
    .returning({ id: printAgents.id });
  return rows.length > 0;
}

/** The person's utilities in this company that are not revoked, newest first. */
export function listAgents(db: Db, companyId: number, userId: number) {
  return db
    .select()
    .from(printAgents)
    .where(
      and(
        eq(printAgents.companyId, companyId),
        eq(printAgents.userId, userId),
        isNull(printAgents.revokedAt),
      ),
    )
    .orderBy(desc(printAgents.createdAt), desc(printAgents.id));
}

/** Revokes one of the person's own utilities; false when there is no such utility of theirs. */
export async function revokeOwnAgent(db: Db, companyId: number, userId: number, agentId: number) {
  const rows = await db
    .update(printAgents)
    .set({ revokedAt: new Date(), connectedAt: null })
    .where(
      and(isAgent({ companyId, agentId }), eq(printAgents.userId, userId), isNull(printAgents.revokedAt)),
    )
    .returning({ id: printAgents.id });
  return rows.length > 0;
}

export async function markDisconnected(db: Db, agent: AgentKey) {
  await db.update(printAgents).set({ connectedAt: null }).where(isAgent(agent));
}

/** The person's utilities in this company that are connected now, most recently heard first. */
export function connectedAgents(db: Db, companyId: number, userId: number) {
  return db
    .select({
      id: printAgents.id,
      name: printAgents.name,
      version: printAgents.agentVersion,
      protocol: printAgents.protocol,
      hostname: printAgents.hostname,
      printers: printAgents.printers,
      lastSeenAt: printAgents.lastSeenAt,
    })
    .from(printAgents)
    .where(
      and(
        eq(printAgents.companyId, companyId),
        eq(printAgents.userId, userId),
        isNull(printAgents.revokedAt),
        isNotNull(printAgents.connectedAt),
        gt(printAgents.lastSeenAt, new Date(Date.now() - AGENT_STALE_MS)),
      ),
    )
    .orderBy(desc(printAgents.lastSeenAt));
}

/**
 * The company prefix a product's GTIN falls under (the digits after the GTIN-14's indicator), as an SQL expression
 * over `products`: read in the same query as the product, so a label print costs no extra round trip. The outer
 * columns are written out qualified (drizzle leaves them bare in a one-table select, where g's would shadow them).
 */
export const productPrefix = sql<string | null>`(
  select g.prefix from ${gs1Prefixes} g
  where g.company_id = products.company_id and products.gtin is not null
    and substr(products.gtin, 2, length(g.prefix)) = g.prefix
  limit 1)`;

/**
 * A product of the local catalogue by its SKU (stored upper case), with its GTIN and the company GS1 prefix that
 * GTIN falls under (null: it prints the SKU label).
 */
export async function findProductBySku(db: Db, companyId: number, sku: string) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      epc: products.epc,
      gtin: products.gtin,
      gs1Prefix: productPrefix,
    })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.sku, sku.toUpperCase())))
    .limit(1);
  return row;
}

export async function getLabelSettings(db: Db, companyId: number) {
  const [row] = await db.select().from(labelSettings).where(eq(labelSettings.companyId, companyId)).limit(1);
  return row;
}

export async function saveLabelSettings(
  db: Db,
  companyId: number,
  values: { widthInches: number; heightInches: number; dpi: number },
) {
  await db
    .insert(labelSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: labelSettings.companyId, set: { ...values, updatedAt: new Date() } });
}

export type NewJob = {
  companyId: number;
  userId: number;
  agentId: number;
  productId: number | null;
  productName: string;
  sku: string;
  epc: string;
  printerName: string;
  quantity: number;
  gtin?: string | null;
  serialFirst?: number | null;
  serialLast?: number | null;
};

export async function insertJob(db: Db, job: NewJob): Promise<number> {
  const [row] = await db.insert(printJobs).values(job).returning({ id: printJobs.id });
  if (!row) throw new Error('insert print job returned nothing');
  return row.id;
}

/**
 * Ends a job once: only a job still 'sent' changes, so an acknowledgement that arrives twice (or after the
 * request gave up) is a no-op. True when this call ended it.
 */
export async function finishJob(
  db: Db,
  companyId: number,
  jobId: number,
  { ok, error, printed }: { ok: boolean; error: string | null; printed: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(printJobs)
      .set({
        status: ok ? 'succeeded' : 'failed',
        error: ok ? null : error,
        completedAt: new Date(),
        // Labels reported one by one (protocol 2) are never taken back by a lower count in the ack.
        printed: sql`greatest(coalesce(${printJobs.printed}, 0), ${printed})`,
      })
      .where(and(eq(printJobs.companyId, companyId), eq(printJobs.id, jobId), eq(printJobs.status, 'sent')))
      .returning({
        companyId: printJobs.companyId,
        productName: printJobs.productName,
        sku: printJobs.sku,
        printer: printJobs.printerName,
        quantity: printJobs.quantity,
      });
    const job = rows[0];
    // A failure is told once, in the transaction that ends the job.
    if (job && !ok) {
      await recordEvent(tx, job.companyId, 'print.job_failed', {
        job_id: jobId,
        product_name: job.productName,
        sku: job.sku,
        printer: job.printer,
        quantity: job.quantity,
        error,
      });
    }
    return rows.length > 0;
  });
}

const jobColumns = {
  id: printJobs.id,
  productName: printJobs.productName,
  sku: printJobs.sku,
  epc: printJobs.epc,
  printerName: printJobs.printerName,
  quantity: printJobs.quantity,
  status: printJobs.status,
  error: printJobs.error,
  printedBy: sql<string | null>`coalesce(${users.name}, ${users.email})`,
  createdAt: printJobs.createdAt,
  completedAt: printJobs.completedAt,
  printed: printJobs.printed,
  gtin: printJobs.gtin,
  serialFirst: printJobs.serialFirst,
  serialLast: printJobs.serialLast,
};
export type JobRow = Awaited<ReturnType<typeof findJob>> & {};

/** Jobs with their columns and who printed them; the caller adds the company's filter. */
export const jobQuery = (db: Db) =>
  db.select(jobColumns).from(printJobs).leftJoin(users, eq(users.id, printJobs.userId)).$dynamic();

export async function findJob(db: Db, companyId: number, jobId: number) {
  const [row] = await jobQuery(db)
    .where(and(eq(printJobs.companyId, companyId), eq(printJobs.id, jobId)))
    .limit(1);
  return row;
}

export function listJobs(db: Db, companyId: number, limit: number, offset: number) {
  return jobQuery(db)
    .where(eq(printJobs.companyId, companyId))
    .orderBy(desc(printJobs.createdAt), desc(printJobs.id))
    .limit(limit)
    .offset(offset);
}

export async function countJobs(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(printJobs)
    .where(eq(printJobs.companyId, companyId));
  return row?.n ?? 0;
}

import type { TMovedDuring } from '@quantics/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { locationScope } from '../locations/location-tree.repo.ts';
import { catalogue, matchedTags } from './reconcile-catalogue.repo.ts';
import { movedDuringCount } from './reconcile-moved.repo.ts';

// A catalogue count still open in a trading store (issue 48): what it expects so far, by the reconciliation's own
// rule and SQL, so the Count screen's live figures are what the result will say. Read-only: nothing is compacted.

/**
 * The reconciliation's CTEs that say what moved in the counted places since the count started (moved_products:
 * moved, after_read, the units by kind, per product; see reconcile-moved.repo.ts), over the reads received so far
 * and with now() as the completion: a product read has the movements dated after its first read taken off what its
 * places hold now (its expected as of that read); one not read yet is expected at what they hold now. Only the
 * reads of products that moved are looked at (none when nothing moved). A statement with a place defines `scope`
 * (locationScope) before these.
 */
export function movedSoFar(cid: SQL, aid: SQL, locationId: number | null): SQL {
  const moved = sql`(select epc, gtin from products where company_id = ${cid} and id in (select product_id from moves))`;
  const found = sql`(
    select upper(encode(r.epc, 'hex')) as epc, max(r.gtin) as gtin, 1 as units, max(r.seen_at) as seen_at
    from audit_reads r
    where r.company_id = ${cid} and r.audit_id = ${aid} and exists (select 1 from moves)
      and (upper(encode(r.epc, 'hex')) in (select epc from ${moved} m)
        or r.gtin in (select gtin from ${moved} m where gtin is not null))
    group by r.epc
  )`;
  return sql`${catalogue(cid, aid, locationId, sql`now()`, false).scans},
${matchedTags(cid, found)},
${movedDuringCount(cid, aid, locationId !== null, sql`now()`)}`;
}

/** moved_products' units by kind as a JSON object (`mp`: its row), for a statement's select list. */
export const movedJson = sql`json_build_object('sold', mp.sold, 'returned', mp.returned, 'received', mp.received,
  'transferred', mp.transferred, 'adjusted', mp.adjusted)`;

/** A JSON object of movedJson's, as the API answers it. */
export const movedOf = (v: unknown): TMovedDuring | undefined => {
  const m = (typeof v === 'string' ? JSON.parse(v) : v) as Record<keyof TMovedDuring, unknown> | null;
  if (!m) return undefined;
  return {
    sold: Number(m.sold ?? 0),
    returned: Number(m.returned ?? 0),
    received: Number(m.received ?? 0),
    transferred: Number(m.transferred ?? 0),
    adjusted: Number(m.adjusted ?? 0),
  };
};

/**
 * Over the products an open catalogue count counts (every moved product in its places, a recount's own only): the
 * units its expected total is below what the places hold now (Σ after_read), and what moved by kind (null: nothing).
 */
export async function movedInScope(db: Db, companyId: number, auditId: number, locationId: number | null) {
  const cid = sql`${companyId}::int`;
  const aid = sql`${auditId}::int`;
  const recounts = sql`(select product_id from audit_discrepancies where company_id = ${cid} and recount_audit_id = ${aid})`;
  const r = await db.execute<{ after_read: number; moved: unknown }>(sql`
    with recursive ${locationScope(cid, locationId)},
    ${movedSoFar(cid, aid, locationId)}
    select coalesce(sum(mp.after_read), 0)::int as after_read,
      case when count(*) > 0 then json_build_object('sold', sum(mp.sold), 'returned', sum(mp.returned),
        'received', sum(mp.received), 'transferred', sum(mp.transferred), 'adjusted', sum(mp.adjusted)) end as moved
    from moved_products mp join products p on p.company_id = ${cid} and p.id = mp.product_id
    where not exists ${recounts} or mp.product_id in ${recounts}`);
  const row = r.rows[0];
  return { afterRead: Number(row?.after_read ?? 0), moved: movedOf(row?.moved) ?? null };
}

import { type SQL, sql } from 'drizzle-orm';

// A count in a trading store (issue 48), the catalogue's side: what moved in the counted places while the count ran,
// and each moved product's first read, for the one reconciliation statement (reconcile.repo.ts, through
// reconcile-catalogue.repo.ts). Apart so each file stays readable.
//
// Every change of a stock row is a movement (stock_movements), so what the places held when the count started needs
// no snapshot: it is what they hold now less what was recorded since the start. Say M is the movements of the counted
// places recorded since the audit was created. Per product: moved_during = Σ delta over M; expected_at_start =
// held now − moved_during; expected (as of its first read) = held now − Σ delta over M dated after its first read
// (after completion for a product never read). A sale a till sends late, dated before the product was read, is
// taken off; a sale after the product was read does not make it short.

/**
 * A read's or a scan's time: its seen_at when the reader sent one, bounded by the count's start and its batch's
 * arrival, else its batch's arrival (`b`: its audit_batches row; `start`: the count's start).
 */
const readTime = (seenAt: SQL, b: SQL, start: SQL) =>
  sql`least(greatest(coalesce(${seenAt}, ${b}.received_at), ${start}), ${b}.received_at)`;

/**
 * The CTEs `moves` (M, one row per movement, with its kind; a product deleted since drops out where in_scope joins
 * products), `first_reads` (product_id, at: the first read or scan of each moved product) and `moved_products`
 * (product_id, moved: Σ delta over M, after_read: Σ delta over M dated after the first read or completion,
 * moved_words: "3 sold, 2 received during the count", and those units by kind: sold, returned, received,
 * transferred and adjusted; transfers are netted, so a move between two counted places says nothing). They read `matched` and `scan_matched` (reconcile-catalogue.repo.ts) and, at a location, `scope`.
 * Only the products in M are looked up in the reads: when nothing moved (the usual count) the reads are not read
 * again at all (the EXISTS is a one-time filter). A tag matched by its GTIN (an SGTIN) is its product's read, as
 * `matched` says.
 */
export function movedDuringCount(cid: SQL, aid: SQL, isLocated: boolean, completedAt: SQL): SQL {
  const start = sql`(select a.created_at from audits a where a.company_id = ${cid} and a.id = ${aid})`;
  const inPlaces = isLocated ? sql`and mv.location_id in (select id from scope)` : sql``;
  const anyMoved = sql`exists (select 1 from moves)`;
  const batchOf = (t: SQL) =>
    sql`left join audit_batches b on b.company_id = ${cid} and b.audit_id = ${aid} and b.batch_seq = ${t}.batch_seq`;
  const words = (n: SQL, what: string) => sql`case when ${n} > 0 then ${n} || ${` ${what}`}::text end`;
  return sql`count_start as (select ${start} as at),
moves as (
  select mv.product_id, mv.delta, mv.at,
    case when mv.reason in ('sale', 'return') then case when mv.delta < 0 then 'sold' else 'returned' end
      when mv.reason = 'receipt' and mv.delta > 0 then 'received'
      when mv.reason in ('transfer_in', 'transfer_out') then 'transfer'
      else 'adjusted' end as kind
  from stock_movements mv
  where mv.company_id = ${cid} and mv.recorded_at >= (select at from count_start) ${inPlaces}
    -- A count recorded after the fact (its completion in the past: the demo's history) saw nothing recorded since.
    and (${completedAt} >= now() or mv.recorded_at <= ${completedAt})
),
first_reads as (
  select product_id, min(at) as at from (
    select m.product_id, ${readTime(sql`r.seen_at`, sql`b`, sql`cs.at`)} as at
    from matched m
    join audit_reads r on r.company_id = ${cid} and r.audit_id = ${aid} and r.epc = decode(m.epc, 'hex')
    ${batchOf(sql`r`)}
    cross join count_start cs
    where ${anyMoved} and m.product_id in (select product_id from moves)
    union all
    select k.product_id, ${readTime(sql`s.seen_at`, sql`b`, sql`cs.at`)}
    from (select distinct key, product_id from scan_matched where product_id in (select product_id from moves)) k
    join audit_scans s on s.company_id = ${cid} and s.audit_id = ${aid} and s.key = k.key
    ${batchOf(sql`s`)}
    cross join count_start cs
    where ${anyMoved}
  ) t
  group by product_id
),
moved_products as (
  select product_id, moved::int, after_read::int, sold::int, returned::int, received::int, transferred::int,
    adjusted::int,
    nullif(concat_ws(', ', ${words(sql`sold`, 'sold')}, ${words(sql`returned`, 'returned')},
      ${words(sql`received`, 'received')}, ${words(sql`transferred`, 'moved in')},
      ${words(sql`-transferred`, 'moved out')},
      case when adjusted > 0 then adjusted || ' adjusted up' when adjusted < 0 then -adjusted || ' adjusted down' end),
      '') || ' during the count' as moved_words
  from (
    select m.product_id, sum(m.delta) as moved,
      coalesce(sum(m.delta) filter (where m.at > coalesce(f.at, ${completedAt})), 0) as after_read,
      coalesce(-sum(m.delta) filter (where m.kind = 'sold'), 0) as sold,
      coalesce(sum(m.delta) filter (where m.kind = 'returned'), 0) as returned,
      coalesce(sum(m.delta) filter (where m.kind = 'received'), 0) as received,
      coalesce(sum(m.delta) filter (where m.kind = 'transfer'), 0) as transferred,
      coalesce(sum(m.delta) filter (where m.kind = 'adjusted'), 0) as adjusted
    from moves m left join first_reads f on f.product_id = m.product_id
    group by m.product_id
  ) s
)`;
}

import { type SQL, sql } from 'drizzle-orm';

// The one place stock quantities are written (ARCHITECTURE.md, "Stock: where it is, and why it changed"). Every
// writer of stock rows builds its statement here: the movements API, receipts and transfers (changeStockAt), applying
// a count, the catalogue's edits and CSV import, and deleting a location. The stock table's triggers record each
// change as a movement in the same statement (migration 0037 and after), with the reason the caller's movement
// context gives; the movements API's statement records its own. An architecture test keeps any other file from
// writing the table's quantities.

/**
 * How the rows' quantities are written:
 * - `add`: the place's quantity changes by the row's (a row is created for a place with no stock yet). `atLeastZero`:
 *   never below 0, the latest quantity counted (applying a count's shortage); otherwise a sale may take a place below
 *   0, which is what the till says happened, and a count sets it right.
 * - `set`: the place's quantity becomes the row's; a row already at that quantity is left as it is (no movement, its
 *   updated_at kept).
 */
export type StockHow = { how: 'add'; atLeastZero?: boolean } | { how: 'set' };

/**
 * The statement (or a CTE's body) that writes `rows`, a query answering `product_id`, `location_id` (null: no
 * location) and `quantity`, to the company's stock, one row a place. Rows are locked in one order, product then
 * place, as every writer locks them, so two writers moving the same products wait on each other rather than
 * deadlock. `returning` names what it answers (of `stock`).
 */
export function stockUpsert(companyId: number | SQL, rows: SQL, how: StockHow, returning?: SQL): SQL {
  const quantity =
    how.how === 'set'
      ? sql`excluded.quantity`
      : how.atLeastZero
        ? sql`greatest(0, stock.quantity + excluded.quantity)`
        : sql`stock.quantity + excluded.quantity`;
  return sql`insert into stock (company_id, product_id, location_id, quantity)
    select ${companyId}::int, w.product_id, w.location_id, w.quantity from (${rows}) w
    order by w.product_id, w.location_id nulls first
    on conflict (company_id, product_id, place) do update set quantity = ${quantity}, updated_at = now()
    ${how.how === 'set' ? sql`where stock.quantity is distinct from excluded.quantity` : sql``}
    ${returning ? sql`returning ${returning}` : sql``}`;
}

/**
 * The statement (or a CTE's body) that removes the company's stock rows `s` meeting `where` (each recorded as a
 * movement to 0 by the triggers), answering `returning` (of `s`).
 */
export function stockDelete(companyId: number | SQL, where: SQL, returning?: SQL): SQL {
  return sql`delete from stock s where s.company_id = ${companyId}::int and (${where})
    ${returning ? sql`returning ${returning}` : sql``}`;
}

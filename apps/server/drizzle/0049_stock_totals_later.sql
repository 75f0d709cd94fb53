-- Hand-written. A statement of the movements API may say that its products' totals are written later in its
-- transaction (quantics.movement's "totals": "later"): its stock triggers then leave products alone, and the caller
-- hands the places it changed to stock_restate itself before the transaction ends. A call sharing products with
-- another call in flight moves its own products first, without touching the product rows (nor the company's
-- counters, which the products' triggers write), then waits for the calls it shares with, then totals its products
-- and moves the shared ones (modules/movements/calls-in-flight.ts). Any other writer's statement totals as before.
-- While a transaction's totals are written later, its writes of products.quantity are those totals (stock_restate
-- called by the caller, not from a stock trigger), not edits for products_stock_after_update to carry to the stock.
CREATE OR REPLACE FUNCTION stock_totals_are_later() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((nullif(current_setting('quantics.movement', true), '')::jsonb->>'totals') = 'later', false)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF stock_totals_are_later() THEN RETURN NULL; END IF;
  PERFORM stock_restate(array_agg(company_id), array_agg(product_id), array_agg(place), array_agg(quantity))
  FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As 0048's, with the early return: a row whose place or product changed is its old place gone and its new one
-- written (a set difference, hashed: transition tables have no statistics).
CREATE OR REPLACE FUNCTION stock_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF stock_totals_are_later() THEN RETURN NULL; END IF;
  PERFORM stock_restate(array_agg(c.company_id), array_agg(c.product_id), array_agg(c.place), array_agg(c.quantity))
  FROM (
    SELECT n.company_id, n.product_id, n.place, n.quantity FROM new_rows n
    UNION ALL
    SELECT g.company_id, g.product_id, g.place, NULL::int FROM (
      SELECT o.company_id, o.product_id, o.place FROM old_rows o
      EXCEPT
      SELECT n.company_id, n.product_id, n.place FROM new_rows n
    ) g
  ) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As 0035's, returning at once also while the transaction's totals are written later (above).
CREATE OR REPLACE FUNCTION products_stock_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 OR stock_totals_are_later() THEN RETURN NULL; END IF;
  IF EXISTS (
    SELECT 1 FROM new_rows n JOIN old_rows o ON o.company_id = n.company_id AND o.id = n.id
    WHERE n.quantity IS DISTINCT FROM o.quantity
      AND (SELECT count(*) FROM stock s WHERE s.company_id = n.company_id AND s.product_id = n.id) > 1
  ) THEN
    RAISE EXCEPTION 'products.quantity of a product kept in several places is written through its stock rows'
      USING ERRCODE = 'check_violation';
  END IF;
  WITH placed AS (
    SELECT n.company_id, n.id, n.location_id, n.quantity
    FROM new_rows n JOIN old_rows o ON o.company_id = n.company_id AND o.id = n.id
    WHERE (n.quantity IS DISTINCT FROM o.quantity OR n.location_id IS DISTINCT FROM o.location_id)
      AND (SELECT count(*) FROM stock s WHERE s.company_id = n.company_id AND s.product_id = n.id) <= 1
  ),
  moved AS (
    DELETE FROM stock s USING placed c
    WHERE s.company_id = c.company_id AND s.product_id = c.id AND s.place <> coalesce(c.location_id, 0)
    RETURNING 1
  )
  INSERT INTO stock (company_id, product_id, location_id, quantity)
  SELECT company_id, id, location_id, quantity FROM placed
  ON CONFLICT (company_id, product_id, place)
    DO UPDATE SET quantity = excluded.quantity, updated_at = now() WHERE stock.quantity IS DISTINCT FROM excluded.quantity;
  RETURN NULL;
END $$;

-- Hand-written. A product's total and its places (products.quantity, stock_places, stock_quantities) were recomputed
-- from all its stock rows after every statement that wrote one (stock_retotal, 0036). They are now merged: each stock
-- trigger hands over the places its statement changed, each with its quantity now (NULL: the row is gone), and the
-- product's arrays take those places' new quantities, keep the others, and total them. Two reasons:
-- - Read Committed: two transactions moving different places of one product each read the other's place as it was
--   before, and the second to commit wrote its stale total over the first's (an UPDATE waiting on the product's row
--   re-checks that row, not the stock rows the FROM clause read). The merge is evaluated on the product's row as the
--   UPDATE finds it, after any wait, so the second takes the first's place as committed.
-- - The recompute read every stock row of every product moved (a third of a call of 1,000 movements with the product's
--   write, docs/benchmarks.md, stock movements).
-- The arrays hold every stock row of the product by construction (0036 backfilled them; only these triggers write
-- them), so merging the changed places gives what the recompute gave. stock_retotal, the recompute, is called by
-- nothing now (docs/upgrade-debt.md).
CREATE OR REPLACE FUNCTION stock_restate(company_ids int[], product_ids int[], places int[], quantities int[])
RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET (quantity, stock_places, stock_quantities, updated_at) = (
    SELECT m.total, m.places, m.quantities,
      CASE WHEN m.total IS DISTINCT FROM p.quantity THEN now() ELSE p.updated_at END
    FROM (
      SELECT coalesce(sum(x.q), 0)::int AS total, coalesce(array_agg(x.pl ORDER BY x.pl), '{}') AS places,
        coalesce(array_agg(x.q ORDER BY x.pl), '{}') AS quantities
      FROM (
        SELECT u.pl, u.q FROM unnest(p.stock_places, p.stock_quantities) AS u(pl, q) WHERE u.pl <> ALL (d.places)
        UNION ALL
        SELECT c.pl, c.q FROM unnest(d.places, d.quantities) AS c(pl, q) WHERE c.q IS NOT NULL
      ) x
    ) m
  )
  FROM (
    SELECT k.company_id, k.product_id, array_agg(k.place) AS places, array_agg(k.quantity) AS quantities
    FROM unnest(company_ids, product_ids, places, quantities) AS k(company_id, product_id, place, quantity)
    GROUP BY k.company_id, k.product_id
  ) d
  WHERE p.company_id = d.company_id AND p.id = d.product_id
    -- Only a product whose arrays say otherwise: a stock row written with its quantity unchanged, or the one row
    -- products_stock_after_insert gives a product inserted directly (its arrays already name it), writes nothing.
    AND EXISTS (SELECT 1 FROM unnest(d.places, d.quantities) AS c(pl, q)
      WHERE c.q IS DISTINCT FROM p.stock_quantities[array_position(p.stock_places, c.pl)])
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_restate(array_agg(company_id), array_agg(product_id), array_agg(place), array_agg(quantity))
  FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row whose place or product changed (a location deleted sets it to no location) is its old place gone and its new
-- one written. A set difference (hashed): transition tables have no statistics, and an anti-join of 100,000 updated
-- rows could be planned as a nested loop.
CREATE OR REPLACE FUNCTION stock_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
-- A product deleted takes its rows by cascade: its own row is gone, so nothing is written for it.
CREATE OR REPLACE FUNCTION stock_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_restate(array_agg(company_id), array_agg(product_id), array_agg(place), array_agg(NULL::int))
  FROM old_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A statement that writes its own movements (the movements API, quantics.movement's "written") has its stock triggers
-- return before they gather its rows into arrays for stock_movements_write, which would then write nothing: 1-3 ms of
-- a call of 1,000 movements, all of it while the call holds its stock rows (docs/benchmarks.md, stock movements).
CREATE OR REPLACE FUNCTION stock_movements_are_written() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((nullif(current_setting('quantics.movement', true), '')::jsonb->>'written')::boolean, false)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_movements_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF stock_movements_are_written() THEN RETURN NULL; END IF;
  PERFORM stock_movements_write(array_agg(company_id), array_agg(product_id), array_agg(location_id),
    array_agg(quantity), array_agg(quantity)) FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_movements_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF stock_movements_are_written() THEN RETURN NULL; END IF;
  PERFORM stock_movements_write(array_agg(coalesce(n.company_id, o.company_id)),
    array_agg(coalesce(n.product_id, o.product_id)),
    array_agg(CASE WHEN n.product_id IS NULL THEN o.location_id ELSE n.location_id END),
    array_agg(coalesce(n.quantity, 0) - coalesce(o.quantity, 0)), array_agg(coalesce(n.quantity, 0)))
  FROM new_rows n FULL JOIN old_rows o
    ON o.company_id = n.company_id AND o.product_id = n.product_id AND o.place = n.place
  WHERE coalesce(n.quantity, 0) <> coalesce(o.quantity, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_movements_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF stock_movements_are_written() THEN RETURN NULL; END IF;
  PERFORM stock_movements_write(array_agg(o.company_id), array_agg(o.product_id), array_agg(o.location_id),
    array_agg(-o.quantity), array_agg(0))
  FROM old_rows o
  WHERE o.quantity <> 0 AND EXISTS (SELECT 1 FROM products p WHERE p.company_id = o.company_id AND p.id = o.product_id);
  RETURN NULL;
END $$;

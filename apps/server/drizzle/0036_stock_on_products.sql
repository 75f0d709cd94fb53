ALTER TABLE "products" ADD COLUMN "stock_places" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_quantities" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- Hand-written from here. A product's stock rows, (place, quantity) in order of place, kept on the product beside
-- their total, so a list page reads no stock rows (docs/benchmarks.md, stock by location: stock on products).
UPDATE "products" p SET "stock_places" = s.places, "stock_quantities" = s.quantities
FROM (
  SELECT "company_id", "product_id", array_agg("place" ORDER BY "place") AS places,
    array_agg("quantity" ORDER BY "place") AS quantities
  FROM "stock" GROUP BY "company_id", "product_id"
) s
WHERE p."company_id" = s."company_id" AND p."id" = s."product_id";
--> statement-breakpoint
-- The total and the places in one UPDATE, which writes a product whose total or places changed: units moved between
-- places with an unchanged total rewrite the product's arrays (its updated_at moves with its total, as before).
CREATE OR REPLACE FUNCTION stock_retotal(company_ids int[], product_ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET quantity = t.total, stock_places = t.places, stock_quantities = t.quantities,
    updated_at = CASE WHEN p.quantity IS DISTINCT FROM t.total THEN now() ELSE p.updated_at END
  FROM (
    SELECT c.company_id, c.product_id, coalesce(s.total, 0) AS total,
      coalesce(s.places, '{}') AS places, coalesce(s.quantities, '{}') AS quantities
    FROM (SELECT DISTINCT * FROM unnest(company_ids, product_ids) AS k(company_id, product_id)) c
    CROSS JOIN LATERAL (
      SELECT sum(r.quantity)::int AS total, array_agg(r.place ORDER BY r.place) AS places,
        array_agg(r.quantity ORDER BY r.place) AS quantities
      FROM stock r WHERE r.company_id = c.company_id AND r.product_id = c.product_id
    ) s
  ) t
  WHERE p.company_id = t.company_id AND p.id = t.product_id
    AND (p.quantity IS DISTINCT FROM t.total OR p.stock_places IS DISTINCT FROM t.places
      OR p.stock_quantities IS DISTINCT FROM t.quantities)
$$;
--> statement-breakpoint
-- A product inserted directly gets its one stock row from products_stock_after_insert; its arrays say so already, so
-- that row's stock_retotal finds nothing to write (rather than updating every row a CSV import or a seed inserts).
-- Skipped where that trigger is (depth > 1) and where the insert names its places itself.
CREATE OR REPLACE FUNCTION products_stock_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() = 1 AND cardinality(NEW.stock_places) = 0 THEN
    NEW.stock_places := ARRAY[coalesce(NEW.location_id, 0)];
    NEW.stock_quantities := ARRAY[NEW.quantity];
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_stock_before_insert BEFORE INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION products_stock_before_insert();

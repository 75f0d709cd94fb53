CREATE TABLE "stock" (
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer,
	"place" integer GENERATED ALWAYS AS (coalesce(location_id, 0)) STORED NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_pkey" PRIMARY KEY("company_id","product_id","place")
);
--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_product_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_location_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE SET NULL ("location_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_company_location_idx" ON "stock" USING btree ("company_id","location_id","product_id");--> statement-breakpoint
-- Hand-written from here. Every product gets one stock row from its location and quantity (the build before kept one
-- place per product), before the triggers below exist: the totals are already right.
INSERT INTO "stock" ("company_id", "product_id", "location_id", "quantity", "updated_at")
SELECT "company_id", "id", "location_id", "quantity", "updated_at" FROM "products";
--> statement-breakpoint
-- products.quantity is the total over a product's stock rows, written by these triggers and by nothing else, so the
-- generated status, the summary counters' triggers and the indexes on products keep reading one column. Statement
-- triggers: a CSV import or a count's apply writes thousands of rows in one statement, and totals once per product.
CREATE OR REPLACE FUNCTION stock_retotal(company_ids int[], product_ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET quantity = t.total, updated_at = now()
  FROM (
    SELECT c.company_id, c.product_id,
      coalesce((SELECT sum(s.quantity) FROM stock s
        WHERE s.company_id = c.company_id AND s.product_id = c.product_id), 0)::int AS total
    FROM (SELECT DISTINCT * FROM unnest(company_ids, product_ids) AS k(company_id, product_id)) c
  ) t
  WHERE p.company_id = t.company_id AND p.id = t.product_id AND p.quantity IS DISTINCT FROM t.total
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_retotal(array(SELECT company_id FROM new_rows), array(SELECT product_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_retotal(array(SELECT company_id FROM new_rows UNION ALL SELECT company_id FROM old_rows),
    array(SELECT product_id FROM new_rows UNION ALL SELECT product_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A product deleted takes its rows by cascade: its own row is gone, so nothing is totalled for it.
CREATE OR REPLACE FUNCTION stock_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_retotal(array(SELECT company_id FROM old_rows), array(SELECT product_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_totals_after_insert AFTER INSERT ON stock
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_after_insert();
--> statement-breakpoint
CREATE TRIGGER stock_totals_after_update AFTER UPDATE ON stock
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_after_update();
--> statement-breakpoint
CREATE TRIGGER stock_totals_after_delete AFTER DELETE ON stock
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_after_delete();
--> statement-breakpoint
-- Products written directly, not through stock (SQL by hand, a seed, an instance of the build before during a rolling
-- upgrade): a new product gets its one stock row from its location and quantity, and a product in one place that is
-- given a quantity or a location has its one row follow. A product kept in several places has no one place for a
-- quantity written so: that is refused. Writes made by the stock triggers themselves (depth 2) are skipped.
CREATE OR REPLACE FUNCTION products_stock_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  INSERT INTO stock (company_id, product_id, location_id, quantity)
  SELECT company_id, id, location_id, quantity FROM new_rows
  ON CONFLICT (company_id, product_id, place) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_stock_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
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
--> statement-breakpoint
CREATE TRIGGER products_stock_after_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_stock_after_insert();
--> statement-breakpoint
CREATE TRIGGER products_stock_after_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_stock_after_update();

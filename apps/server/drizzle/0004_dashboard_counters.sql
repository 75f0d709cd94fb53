CREATE TABLE "inventory_facets" (
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "inventory_facets_company_id_kind_value_pk" PRIMARY KEY("company_id","kind","value")
);
--> statement-breakpoint
ALTER TABLE "inventory_counters" ADD COLUMN "total_units" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_counters" ADD COLUMN "total_cost" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_facets" ADD CONSTRAINT "inventory_facets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_company_low_quantity_idx" ON "products" USING btree ("company_id","quantity","name","id") WHERE status <> 'in-stock';--> statement-breakpoint
-- The counters' triggers now also keep units, cost and the vendor/category facets, one statement per change.
CREATE OR REPLACE FUNCTION products_counters_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inventory_counters AS c (company_id, total, low_stock, out_of_stock, total_units, total_cost)
  SELECT company_id, count(*), count(*) FILTER (WHERE status = 'low-stock'), count(*) FILTER (WHERE status = 'out-of-stock'),
    coalesce(sum(quantity), 0), coalesce(sum(quantity * unit_cost), 0)
  FROM new_rows GROUP BY company_id
  ON CONFLICT (company_id) DO UPDATE SET
    total = c.total + EXCLUDED.total,
    low_stock = c.low_stock + EXCLUDED.low_stock,
    out_of_stock = c.out_of_stock + EXCLUDED.out_of_stock,
    total_units = c.total_units + EXCLUDED.total_units,
    total_cost = c.total_cost + EXCLUDED.total_cost;
  INSERT INTO inventory_facets AS f (company_id, kind, value, products)
  SELECT company_id, kind, value, count(*) FROM (
    SELECT company_id, 'vendor' AS kind, lower(vendor) AS value FROM new_rows WHERE vendor IS NOT NULL
    UNION ALL
    SELECT company_id, 'category', lower(category) FROM new_rows WHERE category IS NOT NULL
  ) x GROUP BY company_id, kind, value
  ON CONFLICT (company_id, kind, value) DO UPDATE SET products = f.products + EXCLUDED.products;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_counters_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inventory_counters c SET low_stock = c.low_stock + d.low, out_of_stock = c.out_of_stock + d.out,
    total_units = c.total_units + d.units, total_cost = c.total_cost + d.cost
  FROM (
    SELECT company_id, sum(low) AS low, sum(out) AS out, sum(units) AS units, sum(cost) AS cost FROM (
      SELECT company_id, (status = 'low-stock')::int AS low, (status = 'out-of-stock')::int AS out,
        quantity::bigint AS units, quantity * unit_cost AS cost FROM new_rows
      UNION ALL
      SELECT company_id, -(status = 'low-stock')::int, -(status = 'out-of-stock')::int,
        -quantity::bigint, -(quantity * unit_cost) FROM old_rows
    ) x GROUP BY company_id
  ) d
  WHERE c.company_id = d.company_id AND (d.low <> 0 OR d.out <> 0 OR d.units <> 0 OR d.cost <> 0);
  INSERT INTO inventory_facets AS f (company_id, kind, value, products)
  SELECT company_id, kind, value, sum(n) FROM (
    SELECT company_id, 'vendor' AS kind, lower(vendor) AS value, 1 AS n FROM new_rows WHERE vendor IS NOT NULL
    UNION ALL SELECT company_id, 'category', lower(category), 1 FROM new_rows WHERE category IS NOT NULL
    UNION ALL SELECT company_id, 'vendor', lower(vendor), -1 FROM old_rows WHERE vendor IS NOT NULL
    UNION ALL SELECT company_id, 'category', lower(category), -1 FROM old_rows WHERE category IS NOT NULL
  ) x GROUP BY company_id, kind, value HAVING sum(n) <> 0
  ON CONFLICT (company_id, kind, value) DO UPDATE SET products = f.products + EXCLUDED.products;
  DELETE FROM inventory_facets f USING (SELECT DISTINCT company_id FROM new_rows) c
  WHERE f.company_id = c.company_id AND f.products <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only UPDATE and DELETE here, never INSERT: when a company is deleted its products go by cascade, and its
-- counter and facet rows with it.
CREATE OR REPLACE FUNCTION products_counters_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inventory_counters c SET total = c.total - d.total, low_stock = c.low_stock - d.low,
    out_of_stock = c.out_of_stock - d.out, total_units = c.total_units - d.units, total_cost = c.total_cost - d.cost
  FROM (
    SELECT company_id, count(*) AS total, count(*) FILTER (WHERE status = 'low-stock') AS low,
      count(*) FILTER (WHERE status = 'out-of-stock') AS out, coalesce(sum(quantity), 0) AS units,
      coalesce(sum(quantity * unit_cost), 0) AS cost
    FROM old_rows GROUP BY company_id
  ) d
  WHERE c.company_id = d.company_id;
  UPDATE inventory_facets f SET products = f.products - d.n
  FROM (
    SELECT company_id, kind, value, count(*) AS n FROM (
      SELECT company_id, 'vendor' AS kind, lower(vendor) AS value FROM old_rows WHERE vendor IS NOT NULL
      UNION ALL SELECT company_id, 'category', lower(category) FROM old_rows WHERE category IS NOT NULL
    ) x GROUP BY company_id, kind, value
  ) d
  WHERE f.company_id = d.company_id AND f.kind = d.kind AND f.value = d.value;
  DELETE FROM inventory_facets f USING (SELECT DISTINCT company_id FROM old_rows) c
  WHERE f.company_id = c.company_id AND f.products <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Catalogues that existed before this migration.
UPDATE inventory_counters c SET total_units = s.units, total_cost = s.cost
FROM (SELECT company_id, sum(quantity) AS units, sum(quantity * unit_cost) AS cost FROM products GROUP BY company_id) s
WHERE c.company_id = s.company_id;
--> statement-breakpoint
INSERT INTO inventory_facets (company_id, kind, value, products)
SELECT company_id, kind, value, count(*) FROM (
  SELECT company_id, 'vendor' AS kind, lower(vendor) AS value FROM products WHERE vendor IS NOT NULL
  UNION ALL SELECT company_id, 'category', lower(category) FROM products WHERE category IS NOT NULL
) x GROUP BY company_id, kind, value;

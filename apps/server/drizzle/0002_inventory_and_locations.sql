CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "inventory_counters" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"low_stock" integer DEFAULT 0 NOT NULL,
	"out_of_stock" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"parent_location_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"rfid_tag" text NOT NULL,
	"epc" text NOT NULL,
	"description" text,
	"category" text,
	"vendor" text,
	"unit_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"retail_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"min_stock_level" integer DEFAULT 0 NOT NULL,
	"location_id" integer,
	"expiration_date" date,
	"last_scanned" timestamp with time zone,
	"status" text GENERATED ALWAYS AS (CASE WHEN quantity <= 0 THEN 'out-of-stock' WHEN quantity <= min_stock_level THEN 'low-stock' ELSE 'in-stock' END) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_counters" ADD CONSTRAINT "inventory_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_location_id_locations_id_fk" FOREIGN KEY ("parent_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locations_sibling_name_unique" ON "locations" USING btree ("company_id",coalesce("parent_location_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("parent_location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_sku_unique" ON "products" USING btree ("company_id","sku" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_epc_unique" ON "products" USING btree ("company_id","epc");--> statement-breakpoint
CREATE INDEX "products_company_name_idx" ON "products" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "products_company_status_name_idx" ON "products" USING btree ("company_id","status","name","id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_company_location_idx" ON "products" USING btree ("company_id","location_id");--> statement-breakpoint
CREATE INDEX "products_company_expiration_idx" ON "products" USING btree ("company_id","expiration_date");--> statement-breakpoint
-- The inventory summary cards, kept by statement-level triggers (one update per statement, however many rows):
-- a million-product catalogue answers total, low and out-of-stock without counting. Rows never change company.
CREATE FUNCTION products_counters_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inventory_counters AS c (company_id, total, low_stock, out_of_stock)
  SELECT company_id, count(*), count(*) FILTER (WHERE status = 'low-stock'), count(*) FILTER (WHERE status = 'out-of-stock')
  FROM new_rows GROUP BY company_id
  ON CONFLICT (company_id) DO UPDATE SET
    total = c.total + EXCLUDED.total,
    low_stock = c.low_stock + EXCLUDED.low_stock,
    out_of_stock = c.out_of_stock + EXCLUDED.out_of_stock;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION products_counters_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inventory_counters c SET low_stock = c.low_stock + d.low, out_of_stock = c.out_of_stock + d.out
  FROM (
    SELECT company_id, sum(low) AS low, sum(out) AS out FROM (
      SELECT company_id, (status = 'low-stock')::int AS low, (status = 'out-of-stock')::int AS out FROM new_rows
      UNION ALL
      SELECT company_id, -(status = 'low-stock')::int, -(status = 'out-of-stock')::int FROM old_rows
    ) x GROUP BY company_id
  ) d
  WHERE c.company_id = d.company_id AND (d.low <> 0 OR d.out <> 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only UPDATE here, never INSERT: when a company is deleted its products go by cascade, and its counter row with it.
CREATE FUNCTION products_counters_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inventory_counters c SET total = c.total - d.total, low_stock = c.low_stock - d.low, out_of_stock = c.out_of_stock - d.out
  FROM (
    SELECT company_id, count(*) AS total, count(*) FILTER (WHERE status = 'low-stock') AS low,
      count(*) FILTER (WHERE status = 'out-of-stock') AS out
    FROM old_rows GROUP BY company_id
  ) d
  WHERE c.company_id = d.company_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_counters_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_counters_after_insert();
--> statement-breakpoint
CREATE TRIGGER products_counters_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_counters_after_update();
--> statement-breakpoint
CREATE TRIGGER products_counters_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_counters_after_delete();

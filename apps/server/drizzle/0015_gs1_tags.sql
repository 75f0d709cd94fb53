ALTER TABLE "products" ADD COLUMN "is_epc_explicit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "audit_reads" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "audit_reads" ADD COLUMN "decoded" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_company_gtin_unique" ON "products" USING btree ("company_id","gtin") WHERE "products"."gtin" IS NOT NULL;--> statement-breakpoint
-- Hand-written: a product's GTIN is searched like its name, SKU and tag, so changing it moves the search version.
CREATE OR REPLACE FUNCTION products_search_version_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inventory_counters c SET search_version = c.search_version + 1
  WHERE c.company_id IN (
    SELECT company_id FROM (
      SELECT company_id, id, name, sku, epc, gtin, status FROM new_rows
      EXCEPT ALL
      SELECT company_id, id, name, sku, epc, gtin, status FROM old_rows
    ) changed
  );
  RETURN NULL;
END $$;

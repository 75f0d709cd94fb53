ALTER TABLE "inventory_counters" ADD COLUMN "search_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: statement-level triggers move a company's search_version when its products come or go, or when a
-- name, SKU, tag or status changes. Named after the counters' triggers, so they run after them (triggers fire in
-- name order) and the counters row exists. An audit stamping last_scanned, or a price change, leaves it alone.
CREATE FUNCTION products_search_version_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE inventory_counters c SET search_version = c.search_version + 1
    WHERE c.company_id IN (SELECT DISTINCT company_id FROM old_rows);
  ELSE
    UPDATE inventory_counters c SET search_version = c.search_version + 1
    WHERE c.company_id IN (SELECT DISTINCT company_id FROM new_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION products_search_version_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE inventory_counters c SET search_version = c.search_version + 1
  WHERE c.company_id IN (
    -- A set difference (hashed), not a join: transition tables have no index, and a join of 100,000 updated rows
    -- with themselves was planned as a nested loop.
    SELECT company_id FROM (
      SELECT company_id, id, name, sku, epc, status FROM new_rows
      EXCEPT ALL
      SELECT company_id, id, name, sku, epc, status FROM old_rows
    ) changed
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_version_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_version_rows();
--> statement-breakpoint
CREATE TRIGGER products_search_version_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_version_update();
--> statement-breakpoint
CREATE TRIGGER products_search_version_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_version_rows();

CREATE TABLE "dashboard_versions" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_versions" ADD CONSTRAINT "dashboard_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: statement-level triggers move a company's dashboard version when a statement changes what the
-- dashboard's settled figures show (dashboard-cache.ts keeps them under it), as 0012 does for the search version.
-- Products: any added or removed; a change of stock, status, limit, cost, name, SKU, vendor, category or expiry (an
-- audit stamping last_scanned, a location move or a retail price leaves it alone). Audits: a completed one added or
-- removed, or any change to one that is or was completed (a count in progress, its reads and found tags, does not).
-- Inserts and updates create the row; deletes only move an existing one (when a company goes, its rows go by
-- cascade, and an insert for it would fail; a company with no row has nothing to remove: every row it ever had was
-- added after this migration, which created its version row, or before it, and then the backfill below did).
-- The triggers are named to fire first on their table (statement triggers fire in name order: products_bump_ before
-- products_counters_, audit_bump_ before audit_days_), so every transaction locks the version row before the counters'
-- and the day rollups' rows, in one order, and two of them cannot deadlock on those rows.
CREATE FUNCTION dashboard_version_bump(company_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_versions AS v (company_id, version)
  SELECT DISTINCT c, 1 FROM unnest(company_ids) c
  ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION products_dashboard_version_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE dashboard_versions v SET version = v.version + 1
    WHERE v.company_id IN (SELECT DISTINCT company_id FROM old_rows);
  ELSE
    PERFORM dashboard_version_bump(ARRAY(SELECT DISTINCT company_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION products_dashboard_version_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A set difference (hashed), as the search version's: transition tables have no index.
  PERFORM dashboard_version_bump(ARRAY(
    SELECT DISTINCT company_id FROM (
      SELECT company_id, id, name, sku, quantity, min_stock_level, status, unit_cost, vendor, category, expiration_date
      FROM new_rows
      EXCEPT ALL
      SELECT company_id, id, name, sku, quantity, min_stock_level, status, unit_cost, vendor, category, expiration_date
      FROM old_rows
    ) changed
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION audits_dashboard_version_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE dashboard_versions v SET version = v.version + 1
    WHERE v.company_id IN (SELECT DISTINCT company_id FROM old_rows WHERE status = 'completed');
  ELSE
    PERFORM dashboard_version_bump(ARRAY(SELECT DISTINCT company_id FROM new_rows WHERE status = 'completed'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION audits_dashboard_version_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_version_bump(ARRAY(
    SELECT DISTINCT company_id FROM (
      (SELECT company_id, id, status, created_at, tags_found, discrepancies_count, accuracy FROM new_rows
        WHERE status = 'completed'
      EXCEPT ALL
      SELECT company_id, id, status, created_at, tags_found, discrepancies_count, accuracy FROM old_rows
        WHERE status = 'completed')
      UNION ALL
      (SELECT company_id, id, status, created_at, tags_found, discrepancies_count, accuracy FROM old_rows
        WHERE status = 'completed'
      EXCEPT ALL
      SELECT company_id, id, status, created_at, tags_found, discrepancies_count, accuracy FROM new_rows
        WHERE status = 'completed')
    ) changed
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_bump_dashboard_version_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_dashboard_version_rows();
--> statement-breakpoint
CREATE TRIGGER products_bump_dashboard_version_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_dashboard_version_update();
--> statement-breakpoint
CREATE TRIGGER products_bump_dashboard_version_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_dashboard_version_rows();
--> statement-breakpoint
CREATE TRIGGER audit_bump_dashboard_version_insert AFTER INSERT ON audits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audits_dashboard_version_rows();
--> statement-breakpoint
CREATE TRIGGER audit_bump_dashboard_version_update AFTER UPDATE ON audits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audits_dashboard_version_update();
--> statement-breakpoint
CREATE TRIGGER audit_bump_dashboard_version_delete AFTER DELETE ON audits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audits_dashboard_version_rows();
--> statement-breakpoint
INSERT INTO dashboard_versions (company_id, version) SELECT id, 0 FROM companies;

CREATE TABLE "audit_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"audits" integer DEFAULT 0 NOT NULL,
	"clean" integer DEFAULT 0 NOT NULL,
	"tags_found" bigint DEFAULT 0 NOT NULL,
	"discrepancies" bigint DEFAULT 0 NOT NULL,
	"accuracy_sum" bigint DEFAULT 0 NOT NULL,
	"accuracy_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "audit_days_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
DROP INDEX "products_company_expiration_idx";--> statement-breakpoint
ALTER TABLE "audit_days" ADD CONSTRAINT "audit_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_company_expiration_idx" ON "products" USING btree ("company_id","expiration_date","name","id");--> statement-breakpoint
-- Completed audits per company and UTC day, kept by one statement per change (transition tables), like the
-- inventory counters. An audit counts while its status is 'completed'; the day is that of its created_at in UTC.
CREATE OR REPLACE FUNCTION audit_days_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_days AS d (company_id, day, audits, clean, tags_found, discrepancies, accuracy_sum, accuracy_count)
  SELECT company_id, (created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE discrepancies_count = 0),
    sum(tags_found), sum(discrepancies_count), coalesce(sum(accuracy), 0), count(accuracy)
  FROM new_rows WHERE status = 'completed' GROUP BY 1, 2
  ON CONFLICT (company_id, day) DO UPDATE SET audits = d.audits + EXCLUDED.audits, clean = d.clean + EXCLUDED.clean,
    tags_found = d.tags_found + EXCLUDED.tags_found, discrepancies = d.discrepancies + EXCLUDED.discrepancies,
    accuracy_sum = d.accuracy_sum + EXCLUDED.accuracy_sum, accuracy_count = d.accuracy_count + EXCLUDED.accuracy_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_days_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_days AS d (company_id, day, audits, clean, tags_found, discrepancies, accuracy_sum, accuracy_count)
  SELECT company_id, day, sum(n), sum(clean), sum(tags), sum(disc), sum(acc), sum(acc_n) FROM (
    SELECT company_id, (created_at AT TIME ZONE 'UTC')::date AS day, 1 AS n, (discrepancies_count = 0)::int AS clean,
      tags_found::bigint AS tags, discrepancies_count::bigint AS disc, coalesce(accuracy, 0)::bigint AS acc,
      (accuracy IS NOT NULL)::int AS acc_n
    FROM new_rows WHERE status = 'completed'
    UNION ALL
    SELECT company_id, (created_at AT TIME ZONE 'UTC')::date, -1, -(discrepancies_count = 0)::int, -tags_found::bigint,
      -discrepancies_count::bigint, -coalesce(accuracy, 0)::bigint, -(accuracy IS NOT NULL)::int
    FROM old_rows WHERE status = 'completed'
  ) x GROUP BY company_id, day
  HAVING sum(n) <> 0 OR sum(clean) <> 0 OR sum(tags) <> 0 OR sum(disc) <> 0 OR sum(acc) <> 0 OR sum(acc_n) <> 0
  ON CONFLICT (company_id, day) DO UPDATE SET audits = d.audits + EXCLUDED.audits, clean = d.clean + EXCLUDED.clean,
    tags_found = d.tags_found + EXCLUDED.tags_found, discrepancies = d.discrepancies + EXCLUDED.discrepancies,
    accuracy_sum = d.accuracy_sum + EXCLUDED.accuracy_sum, accuracy_count = d.accuracy_count + EXCLUDED.accuracy_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only UPDATE here, never INSERT: when a company is deleted its audits go by cascade, and its rows here with it.
CREATE OR REPLACE FUNCTION audit_days_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audit_days d SET audits = d.audits - x.n, clean = d.clean - x.clean, tags_found = d.tags_found - x.tags,
    discrepancies = d.discrepancies - x.disc, accuracy_sum = d.accuracy_sum - x.acc, accuracy_count = d.accuracy_count - x.acc_n
  FROM (
    SELECT company_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS n,
      count(*) FILTER (WHERE discrepancies_count = 0) AS clean, sum(tags_found) AS tags, sum(discrepancies_count) AS disc,
      coalesce(sum(accuracy), 0) AS acc, count(accuracy) AS acc_n
    FROM old_rows WHERE status = 'completed' GROUP BY 1, 2
  ) x
  WHERE d.company_id = x.company_id AND d.day = x.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_days_insert AFTER INSERT ON audits REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_days_after_insert();
--> statement-breakpoint
CREATE TRIGGER audit_days_update AFTER UPDATE ON audits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_days_after_update();
--> statement-breakpoint
CREATE TRIGGER audit_days_delete AFTER DELETE ON audits REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_days_after_delete();
--> statement-breakpoint
INSERT INTO audit_days (company_id, day, audits, clean, tags_found, discrepancies, accuracy_sum, accuracy_count)
SELECT company_id, (created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE discrepancies_count = 0),
  sum(tags_found), sum(discrepancies_count), coalesce(sum(accuracy), 0), count(accuracy)
FROM audits WHERE status = 'completed' GROUP BY 1, 2;

-- Hand-written (issue 50 §5, one meaning of a day): the completed audits' rollup counts the company's days (its time
-- zone's, companies.time_zone) instead of UTC's, as every report and the dashboard now do. The three triggers of 0009
-- are replaced by the same with the company's zone, the rows are counted again, and a change of a company's time zone
-- counts its rows again (and moves its dashboard version, so no figure of the old days is served from the cache).
-- Additive: the table and its columns are unchanged; the build before reads the same rows (dated by the company's
-- days from now on, which it shows as they are).
CREATE OR REPLACE FUNCTION audit_days_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_days AS d (company_id, day, audits, clean, tags_found, discrepancies, accuracy_sum, accuracy_count)
  SELECT n.company_id, (n.created_at AT TIME ZONE c.time_zone)::date, count(*),
    count(*) FILTER (WHERE n.discrepancies_count = 0), sum(n.tags_found), sum(n.discrepancies_count),
    coalesce(sum(n.accuracy), 0), count(n.accuracy)
  FROM new_rows n JOIN companies c ON c.id = n.company_id WHERE n.status = 'completed' GROUP BY 1, 2
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
    SELECT r.company_id, (r.created_at AT TIME ZONE c.time_zone)::date AS day, 1 AS n,
      (r.discrepancies_count = 0)::int AS clean, r.tags_found::bigint AS tags, r.discrepancies_count::bigint AS disc,
      coalesce(r.accuracy, 0)::bigint AS acc, (r.accuracy IS NOT NULL)::int AS acc_n
    FROM new_rows r JOIN companies c ON c.id = r.company_id WHERE r.status = 'completed'
    UNION ALL
    SELECT r.company_id, (r.created_at AT TIME ZONE c.time_zone)::date, -1, -(r.discrepancies_count = 0)::int,
      -r.tags_found::bigint, -r.discrepancies_count::bigint, -coalesce(r.accuracy, 0)::bigint,
      -(r.accuracy IS NOT NULL)::int
    FROM old_rows r JOIN companies c ON c.id = r.company_id WHERE r.status = 'completed'
  ) x GROUP BY company_id, day
  HAVING sum(n) <> 0 OR sum(clean) <> 0 OR sum(tags) <> 0 OR sum(disc) <> 0 OR sum(acc) <> 0 OR sum(acc_n) <> 0
  ON CONFLICT (company_id, day) DO UPDATE SET audits = d.audits + EXCLUDED.audits, clean = d.clean + EXCLUDED.clean,
    tags_found = d.tags_found + EXCLUDED.tags_found, discrepancies = d.discrepancies + EXCLUDED.discrepancies,
    accuracy_sum = d.accuracy_sum + EXCLUDED.accuracy_sum, accuracy_count = d.accuracy_count + EXCLUDED.accuracy_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only UPDATE here, never INSERT: when a company is deleted its audits go by cascade, and its rows here with it (its
-- companies row may be gone already: then there is no row here to update either).
CREATE OR REPLACE FUNCTION audit_days_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audit_days d SET audits = d.audits - x.n, clean = d.clean - x.clean, tags_found = d.tags_found - x.tags,
    discrepancies = d.discrepancies - x.disc, accuracy_sum = d.accuracy_sum - x.acc, accuracy_count = d.accuracy_count - x.acc_n
  FROM (
    SELECT o.company_id, (o.created_at AT TIME ZONE c.time_zone)::date AS day, count(*) AS n,
      count(*) FILTER (WHERE o.discrepancies_count = 0) AS clean, sum(o.tags_found) AS tags,
      sum(o.discrepancies_count) AS disc, coalesce(sum(o.accuracy), 0) AS acc, count(o.accuracy) AS acc_n
    FROM old_rows o JOIN companies c ON c.id = o.company_id WHERE o.status = 'completed' GROUP BY 1, 2
  ) x
  WHERE d.company_id = x.company_id AND d.day = x.day;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A company's rows counted again in its time zone (from this migration, and when its time zone changes).
CREATE FUNCTION audit_days_recount(integer, text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM audit_days WHERE company_id = $1;
  INSERT INTO audit_days (company_id, day, audits, clean, tags_found, discrepancies, accuracy_sum, accuracy_count)
  SELECT company_id, (created_at AT TIME ZONE $2)::date, count(*), count(*) FILTER (WHERE discrepancies_count = 0),
    sum(tags_found), sum(discrepancies_count), coalesce(sum(accuracy), 0), count(accuracy)
  FROM audits WHERE company_id = $1 AND status = 'completed' GROUP BY 1, 2;
$$;
--> statement-breakpoint
CREATE FUNCTION audit_days_rezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_version_bump(ARRAY[NEW.id]);
  PERFORM audit_days_recount(NEW.id, NEW.time_zone);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_days_rezone AFTER UPDATE OF time_zone ON companies
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION audit_days_rezone();
--> statement-breakpoint
SELECT audit_days_recount(id, time_zone) FROM companies WHERE time_zone <> 'UTC';

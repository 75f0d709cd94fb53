-- The tenant key everywhere (issue 26): company_id on every tenant table, and in the primary key and unique keys of
-- the high-volume ones, so a sharded PostgreSQL (Citus) can distribute them by company (docs/deployment.md).
-- Hand-written around drizzle-kit's output: the order (add nullable, backfill, NOT NULL, then swap keys), the
-- batched backfill, the primary key drops, the old reads table's reference to audits dropped (see step 4), and
-- ON DELETE SET NULL (column) on the composite references (drizzle-kit would null company_id too).

-- 1. The child tables get their company, nullable first so adding the column is instant on any size of table.
ALTER TABLE "audit_batches" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "audit_expected" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "company_id" integer;--> statement-breakpoint

-- 2. Backfilled from the parent: the rows under audits in chunks of 10,000 audit ids (each chunk an index range scan
-- of the children's (audit_id, ...) keys, so no statement holds all of a large table's rows at once).
DO $$
DECLARE
  lo integer;
  hi integer;
  step constant integer := 10000;
BEGIN
  SELECT min(id), max(id) INTO lo, hi FROM audits;
  WHILE lo <= hi LOOP
    UPDATE audit_batches c SET company_id = a.company_id FROM audits a
      WHERE a.id >= lo AND a.id < lo + step AND c.audit_id = a.id AND c.company_id IS NULL;
    UPDATE audit_expected c SET company_id = a.company_id FROM audits a
      WHERE a.id >= lo AND a.id < lo + step AND c.audit_id = a.id AND c.company_id IS NULL;
    UPDATE audit_discrepancies c SET company_id = a.company_id FROM audits a
      WHERE a.id >= lo AND a.id < lo + step AND c.audit_id = a.id AND c.company_id IS NULL;
    lo := lo + step;
  END LOOP;
END $$;--> statement-breakpoint
UPDATE "device_tokens" c SET "company_id" = d."company_id" FROM "devices" d WHERE d."id" = c."device_id";--> statement-breakpoint
UPDATE "notification_reads" c SET "company_id" = e."company_id" FROM "events" e WHERE e."id" = c."event_id";--> statement-breakpoint
UPDATE "webhook_attempts" c SET "company_id" = m."company_id" FROM "webhook_messages" m WHERE m."id" = c."message_id";--> statement-breakpoint

-- 3. Every row has its company now (each child's parent reference is NOT NULL and enforced).
ALTER TABLE "audit_batches" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_expected" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "device_tokens" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_reads" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- 4. The single-column references to the tables whose keys change go first (they depend on the old keys).
ALTER TABLE "locations" DROP CONSTRAINT "locations_parent_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "print_jobs" DROP CONSTRAINT "print_jobs_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "audit_batches" DROP CONSTRAINT "audit_batches_audit_id_audits_id_fk";--> statement-breakpoint
ALTER TABLE "audit_discrepancies" DROP CONSTRAINT "audit_discrepancies_audit_id_audits_id_fk";--> statement-breakpoint
ALTER TABLE "audit_discrepancies" DROP CONSTRAINT "audit_discrepancies_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "audit_expected" DROP CONSTRAINT "audit_expected_audit_id_audits_id_fk";--> statement-breakpoint
ALTER TABLE "audits" DROP CONSTRAINT "audits_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "devices" DROP CONSTRAINT "devices_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "audit_reads" DROP CONSTRAINT "audit_reads_audit_id_audits_id_fk";--> statement-breakpoint
ALTER TABLE "audit_tags" DROP CONSTRAINT "audit_tags_audit_id_audits_id_fk";--> statement-breakpoint
-- The reads from before 0019_read_storage, while the reads storage job has not moved them all yet: their reference
-- to audits(id) goes for good (that table has no company to carry); the job deletes the reads of an audit that is
-- gone instead of moving them.
ALTER TABLE IF EXISTS "audit_reads_legacy" DROP CONSTRAINT IF EXISTS "audit_reads_legacy_audit_id_fk";--> statement-breakpoint
DROP INDEX "locations_parent_idx";--> statement-breakpoint
DROP INDEX "audit_batches_content_unique";--> statement-breakpoint
DROP INDEX "audit_discrepancies_audit_idx";--> statement-breakpoint

-- 5. The keys, with the company first.
ALTER TABLE "locations" DROP CONSTRAINT "locations_pkey";--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_pkey";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "audits" DROP CONSTRAINT "audits_pkey";--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "audit_batches" DROP CONSTRAINT "audit_batches_audit_id_batch_seq_pk";--> statement-breakpoint
ALTER TABLE "audit_batches" ADD CONSTRAINT "audit_batches_pkey" PRIMARY KEY("company_id","audit_id","batch_seq");--> statement-breakpoint
ALTER TABLE "audit_expected" DROP CONSTRAINT "audit_expected_audit_id_epc_pk";--> statement-breakpoint
ALTER TABLE "audit_expected" ADD CONSTRAINT "audit_expected_pkey" PRIMARY KEY("company_id","audit_id","epc");--> statement-breakpoint
ALTER TABLE "audit_discrepancies" DROP CONSTRAINT "audit_discrepancies_pkey";--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD CONSTRAINT "audit_discrepancies_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_pkey";--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "print_jobs" DROP CONSTRAINT "print_jobs_pkey";--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_pkey";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "mail_jobs" DROP CONSTRAINT "mail_jobs_pkey";--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_pkey";--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "notification_reads" DROP CONSTRAINT "notification_reads_user_id_event_id_pk";--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_pkey" PRIMARY KEY("company_id","user_id","event_id");--> statement-breakpoint

-- 6. The references again, carrying the company. A cleared reference clears only its own column.
-- The raw reads and an audit's tags go with their audit by this trigger instead of a foreign key: they are only
-- written for an audit held locked, and a foreign key checks every row (500 a batch; 100,000 checks, 0.43 s, when a
-- 100,000-tag audit writes its tags).
CREATE FUNCTION audit_reads_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM audit_reads WHERE company_id = OLD.company_id AND audit_id = OLD.id;
  DELETE FROM audit_tags WHERE company_id = OLD.company_id AND audit_id = OLD.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audits_delete_reads AFTER DELETE ON audits FOR EACH ROW EXECUTE FUNCTION audit_reads_delete();--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_fk" FOREIGN KEY ("company_id","parent_location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_location_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE SET NULL ("location_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_location_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE SET NULL ("location_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_location_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE SET NULL ("location_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_product_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE SET NULL ("product_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD CONSTRAINT "audit_discrepancies_product_fk" FOREIGN KEY ("company_id","product_id") REFERENCES "public"."products"("company_id","id") ON DELETE SET NULL ("product_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_batches" ADD CONSTRAINT "audit_batches_audit_fk" FOREIGN KEY ("company_id","audit_id") REFERENCES "public"."audits"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_expected" ADD CONSTRAINT "audit_expected_audit_fk" FOREIGN KEY ("company_id","audit_id") REFERENCES "public"."audits"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD CONSTRAINT "audit_discrepancies_audit_fk" FOREIGN KEY ("company_id","audit_id") REFERENCES "public"."audits"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("company_id","parent_location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_batches_content_unique" ON "audit_batches" USING btree ("company_id","audit_id","content_hash") WHERE "audit_batches"."content_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_discrepancies_audit_idx" ON "audit_discrepancies" USING btree ("company_id","audit_id","discrepancy_type","id");
--> statement-breakpoint

-- 7. For a rolling upgrade: instances still on the previous build insert these rows without company_id; the
-- company is then taken from the parent (the new build always names it, so the WHEN clause skips the function).
-- Drop these triggers and the function in the next release.
CREATE FUNCTION company_id_from_parent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('SELECT company_id FROM %I WHERE id = ($1).%I', TG_ARGV[0], TG_ARGV[1]) INTO NEW.company_id USING NEW;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_batches_company BEFORE INSERT ON audit_batches FOR EACH ROW WHEN (NEW.company_id IS NULL)
  EXECUTE FUNCTION company_id_from_parent('audits', 'audit_id');--> statement-breakpoint
CREATE TRIGGER audit_expected_company BEFORE INSERT ON audit_expected FOR EACH ROW WHEN (NEW.company_id IS NULL)
  EXECUTE FUNCTION company_id_from_parent('audits', 'audit_id');--> statement-breakpoint
CREATE TRIGGER audit_discrepancies_company BEFORE INSERT ON audit_discrepancies FOR EACH ROW WHEN (NEW.company_id IS NULL)
  EXECUTE FUNCTION company_id_from_parent('audits', 'audit_id');--> statement-breakpoint
CREATE TRIGGER device_tokens_company BEFORE INSERT ON device_tokens FOR EACH ROW WHEN (NEW.company_id IS NULL)
  EXECUTE FUNCTION company_id_from_parent('devices', 'device_id');--> statement-breakpoint
CREATE TRIGGER notification_reads_company BEFORE INSERT ON notification_reads FOR EACH ROW WHEN (NEW.company_id IS NULL)
  EXECUTE FUNCTION company_id_from_parent('events', 'event_id');--> statement-breakpoint
CREATE TRIGGER webhook_attempts_company BEFORE INSERT ON webhook_attempts FOR EACH ROW WHEN (NEW.company_id IS NULL)
  EXECUTE FUNCTION company_id_from_parent('webhook_messages', 'message_id');

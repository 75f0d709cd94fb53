CREATE TABLE "audit_scans" (
	"seen_at" timestamp with time zone,
	"company_id" integer NOT NULL,
	"audit_id" integer NOT NULL,
	"batch_seq" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"quantity" integer,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"key" text NOT NULL,
	"serialized" boolean NOT NULL,
	"epc" text,
	"gtin" text,
	"alt_gtin" text,
	"serial" text,
	"sku_key" text,
	"reason" text,
	CONSTRAINT "audit_scans_company_id_audit_id_batch_seq_ordinal_pk" PRIMARY KEY("company_id","audit_id","batch_seq","ordinal")
);
--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "codes" text;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "code_format" text;--> statement-breakpoint
ALTER TABLE "audit_expected" ADD COLUMN "is_package" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_expected" ADD COLUMN "units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "packages_expected" integer;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "packages_found" integer;--> statement-breakpoint
-- Barcode scans go with their audit like its reads and tags (the trigger of 0020_tenant_key, now with the scans).
CREATE OR REPLACE FUNCTION audit_reads_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM audit_reads WHERE company_id = OLD.company_id AND audit_id = OLD.id;
  DELETE FROM audit_tags WHERE company_id = OLD.company_id AND audit_id = OLD.id;
  DELETE FROM audit_scans WHERE company_id = OLD.company_id AND audit_id = OLD.id;
  RETURN NULL;
END $$;

CREATE TABLE "count_policies" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"approval_units" integer,
	"approval_value" numeric(12, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reason_codes" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reason_codes_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "unit_cost" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "needs_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "reason_code_id" integer;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "decided_by_name" text;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD COLUMN "recount_audit_id" integer;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "recount_of" integer;--> statement-breakpoint
ALTER TABLE "count_policies" ADD CONSTRAINT "count_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reason_codes" ADD CONSTRAINT "reason_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reason_codes_code_unique" ON "reason_codes" USING btree ("company_id",lower("code"));--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD CONSTRAINT "audit_discrepancies_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD CONSTRAINT "audit_discrepancies_reason_fk" FOREIGN KEY ("company_id","reason_code_id") REFERENCES "public"."reason_codes"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_discrepancies_recount_idx" ON "audit_discrepancies" USING btree ("company_id","recount_audit_id") WHERE "audit_discrepancies"."recount_audit_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_discrepancies_applied_idx" ON "audit_discrepancies" USING btree ("company_id","applied_at") WHERE "audit_discrepancies"."applied_at" is not null;--> statement-breakpoint
-- Companies made before reviews existed get the default reason codes (DEFAULT_REASON_CODES in the contracts); new
-- companies get them in the transaction that creates them.
INSERT INTO "reason_codes" ("company_id", "code", "label")
SELECT c."id", d."code", d."label"
FROM "companies" c
CROSS JOIN (VALUES ('DAMAGED', 'Damaged', 1), ('THEFT', 'Theft', 2), ('VENDOR_SHORT', 'Vendor short', 3),
  ('MISCOUNT', 'Miscount', 4), ('EXPIRED', 'Expired', 5), ('FOUND', 'Found stock', 6),
  ('SAMPLE', 'Sample or giveaway', 7), ('OTHER', 'Other', 8)) AS d("code", "label", "ord")
ORDER BY c."id", d."ord";

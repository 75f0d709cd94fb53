CREATE TABLE "audit_expected" (
	"audit_id" integer NOT NULL,
	"epc" text NOT NULL,
	"package_id" text NOT NULL,
	"name" text NOT NULL,
	"rfid_tag" text NOT NULL,
	"expected" integer NOT NULL,
	"in_scope" boolean NOT NULL,
	"belongs" text,
	CONSTRAINT "audit_expected_audit_id_epc_pk" PRIMARY KEY("audit_id","epc")
);
--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "room" text;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "expected_as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_expected" ADD CONSTRAINT "audit_expected_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "audit_batches" (
	"audit_id" integer NOT NULL,
	"batch_seq" integer NOT NULL,
	"read_count" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_batches_audit_id_batch_seq_pk" PRIMARY KEY("audit_id","batch_seq")
);
--> statement-breakpoint
CREATE TABLE "audit_discrepancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"audit_id" integer NOT NULL,
	"product_id" integer,
	"product_sku" text,
	"product_name" text,
	"epc" text NOT NULL,
	"rfid_tag" text,
	"expected_quantity" integer NOT NULL,
	"found_quantity" integer NOT NULL,
	"discrepancy_type" text NOT NULL,
	"notes" text,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_reads" (
	"audit_id" integer NOT NULL,
	"batch_seq" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"epc" text NOT NULL,
	"tid" text,
	"rssi" real,
	"count" integer DEFAULT 1 NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "audit_reads_audit_id_batch_seq_ordinal_pk" PRIMARY KEY("audit_id","batch_seq","ordinal")
);
--> statement-breakpoint
CREATE TABLE "audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"device_id" integer,
	"device_name" text,
	"client_audit_id" uuid NOT NULL,
	"name" text NOT NULL,
	"location_id" integer,
	"audit_type" text,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"comments" text,
	"last_batch_at" timestamp with time zone,
	"batch_count" integer DEFAULT 0 NOT NULL,
	"reads_count" bigint DEFAULT 0 NOT NULL,
	"tags_expected" integer DEFAULT 0 NOT NULL,
	"tags_found" integer DEFAULT 0 NOT NULL,
	"expected_count" integer DEFAULT 0 NOT NULL,
	"discrepancies_count" integer DEFAULT 0 NOT NULL,
	"misplaced_count" integer DEFAULT 0 NOT NULL,
	"unknown_count" integer DEFAULT 0 NOT NULL,
	"accuracy" integer,
	"counts_applied_at" timestamp with time zone,
	"counts_applied_by" text,
	"counts_applied_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_pairings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text,
	"poll_secret_hash" text NOT NULL,
	"serial_number" text NOT NULL,
	"model" text,
	"firmware" text,
	"expires_at" timestamp with time zone NOT NULL,
	"last_polled_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"company_id" integer,
	"device_id" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"serial_number" text NOT NULL,
	"model" text,
	"firmware" text,
	"battery_level" smallint,
	"signal_strength" smallint,
	"last_seen" timestamp with time zone,
	"paired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_batches" ADD CONSTRAINT "audit_batches_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD CONSTRAINT "audit_discrepancies_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_discrepancies" ADD CONSTRAINT "audit_discrepancies_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_reads" ADD CONSTRAINT "audit_reads_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_pairings" ADD CONSTRAINT "device_pairings_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_pairings" ADD CONSTRAINT "device_pairings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_pairings" ADD CONSTRAINT "device_pairings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_discrepancies_audit_idx" ON "audit_discrepancies" USING btree ("audit_id","discrepancy_type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "audits_client_id_unique" ON "audits" USING btree ("company_id",coalesce("device_id", 0),"client_audit_id");--> statement-breakpoint
CREATE INDEX "audits_company_created_idx" ON "audits" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audits_company_status_created_idx" ON "audits" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_pairings_code_unique" ON "device_pairings" USING btree ("code");--> statement-breakpoint
CREATE INDEX "device_pairings_expires_idx" ON "device_pairings" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_hash_unique" ON "device_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_tokens_device_idx" ON "device_tokens" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_company_serial_unique" ON "devices" USING btree ("company_id","serial_number");--> statement-breakpoint
CREATE INDEX "devices_company_name_idx" ON "devices" USING btree ("company_id","name","id");
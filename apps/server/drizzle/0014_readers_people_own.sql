ALTER TABLE "audit_batches" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "started_by" integer;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "started_by_name" text;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "import_hash" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "kind" text DEFAULT 'handheld' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "room" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "owner_user_id" integer;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_batches_content_unique" ON "audit_batches" USING btree ("audit_id","content_hash") WHERE "audit_batches"."content_hash" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audits_import_hash_unique" ON "audits" USING btree ("company_id","import_hash") WHERE "audits"."import_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audits_device_open_idx" ON "audits" USING btree ("device_id") WHERE "audits"."status" = 'in_progress';
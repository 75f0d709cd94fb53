CREATE TABLE "metrc_connections" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"license_number" text NOT NULL,
	"user_key_enc" text NOT NULL,
	"location_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"synced_through" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_manifests" integer,
	"next_sync_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metrc_packages" (
	"company_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"label" text NOT NULL,
	"delivery_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"category" text,
	"shipped_quantity" numeric NOT NULL,
	"shipped_unit" text NOT NULL,
	"received_at" timestamp with time zone,
	"received_quantity" numeric,
	CONSTRAINT "metrc_packages_pkey" PRIMARY KEY("company_id","shipment_id","label")
);
--> statement-breakpoint
CREATE TABLE "metrc_transfers" (
	"company_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"transfer_id" integer NOT NULL,
	"manifest_number" text NOT NULL,
	"shipper_license" text,
	"last_modified" text,
	CONSTRAINT "metrc_transfers_pkey" PRIMARY KEY("company_id","shipment_id")
);
--> statement-breakpoint
ALTER TABLE "metrc_connections" ADD CONSTRAINT "metrc_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrc_packages" ADD CONSTRAINT "metrc_packages_shipment_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrc_transfers" ADD CONSTRAINT "metrc_transfers_shipment_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metrc_connections_due_idx" ON "metrc_connections" USING btree ("next_sync_at") WHERE "metrc_connections"."next_sync_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "metrc_packages_label_idx" ON "metrc_packages" USING btree ("company_id","label");
CREATE TABLE "device_antennas" (
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"port" integer NOT NULL,
	"location_id" integer NOT NULL,
	"name" text,
	CONSTRAINT "device_antennas_pkey" PRIMARY KEY("company_id","device_id","port")
);
--> statement-breakpoint
CREATE TABLE "tag_sightings" (
	"seen_at" timestamp with time zone NOT NULL,
	"company_id" integer NOT NULL,
	"location_id" integer,
	"device_id" integer,
	"antenna" integer,
	"rssi" real,
	"epc" "bytea" NOT NULL,
	"tid" "bytea" DEFAULT '\x'::bytea NOT NULL,
	"gtin" text,
	CONSTRAINT "tag_sightings_pkey" PRIMARY KEY("company_id","epc","tid")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "kind_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "floor_min" integer;--> statement-breakpoint
ALTER TABLE "stock" ADD COLUMN "min_quantity" integer;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "record_accuracy" integer;--> statement-breakpoint
ALTER TABLE "device_antennas" ADD CONSTRAINT "device_antennas_device_fk" FOREIGN KEY ("company_id","device_id") REFERENCES "public"."devices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_antennas" ADD CONSTRAINT "device_antennas_location_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_sightings_gtin_idx" ON "tag_sightings" USING btree ("company_id","gtin","location_id") WHERE "tag_sightings"."gtin" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_kind_check" CHECK ("locations"."kind" IN ('store', 'sales_floor', 'stockroom', 'dock', 'warehouse', 'other'));
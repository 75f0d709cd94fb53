CREATE TABLE "epcis_captures" (
	"id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"success" boolean,
	"event_count" integer DEFAULT 0 NOT NULL,
	"sent_by" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "epcis_captures_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "epcis_events" (
	"id" bigserial NOT NULL,
	"company_id" integer NOT NULL,
	"capture_id" uuid NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"record_time" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"biz_step" text,
	"event_id" text,
	"location_id" integer,
	"event" jsonb NOT NULL,
	CONSTRAINT "epcis_events_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "gln" text;--> statement-breakpoint
ALTER TABLE "epcis_captures" ADD CONSTRAINT "epcis_captures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_events" ADD CONSTRAINT "epcis_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_events" ADD CONSTRAINT "epcis_events_capture_fk" FOREIGN KEY ("company_id","capture_id") REFERENCES "public"."epcis_captures"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_events" ADD CONSTRAINT "epcis_events_location_fk" FOREIGN KEY ("company_id","location_id") REFERENCES "public"."locations"("company_id","id") ON DELETE SET NULL ("location_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "epcis_events_event_id_unique" ON "epcis_events" USING btree ("company_id","event_id") WHERE "epcis_events"."event_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "epcis_events_time_idx" ON "epcis_events" USING btree ("company_id","event_time","id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_gln_unique" ON "locations" USING btree ("company_id","gln") WHERE "locations"."gln" IS NOT NULL;
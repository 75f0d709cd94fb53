CREATE TABLE "shipment_cartons" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"sscc" text NOT NULL,
	"received_at" timestamp with time zone,
	CONSTRAINT "shipment_cartons_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "shipment_epcs" (
	"company_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"epc" text NOT NULL,
	"gtin" text,
	"serial" text,
	"received_at" timestamp with time zone,
	CONSTRAINT "shipment_epcs_pkey" PRIMARY KEY("company_id","shipment_id","epc")
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"carton_id" integer,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "shipment_lines_quantity_check" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_receipt_lines" (
	"company_id" integer NOT NULL,
	"shipment_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"product_id" integer,
	"sku" text,
	"name" text,
	"code" text,
	"expected" integer NOT NULL,
	"received" integer NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "shipment_receipt_lines_pkey" PRIMARY KEY("company_id","shipment_id","ordinal")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"reference" text NOT NULL,
	"supplier" text,
	"source_location_id" integer,
	"destination_location_id" integer NOT NULL,
	"expected_at" timestamp with time zone,
	"status" text DEFAULT 'expected' NOT NULL,
	"receipt_audit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	CONSTRAINT "shipments_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('expected', 'in_transit', 'receiving', 'received', 'received_with_discrepancies'))
);
--> statement-breakpoint
ALTER TABLE "shipment_cartons" ADD CONSTRAINT "shipment_cartons_shipment_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_epcs" ADD CONSTRAINT "shipment_epcs_shipment_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_receipt_lines" ADD CONSTRAINT "shipment_receipt_lines_shipment_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_cartons_sscc_unique" ON "shipment_cartons" USING btree ("company_id","shipment_id","sscc");--> statement-breakpoint
CREATE INDEX "shipment_cartons_sscc_idx" ON "shipment_cartons" USING btree ("company_id","sscc");--> statement-breakpoint
CREATE INDEX "shipment_lines_shipment_idx" ON "shipment_lines" USING btree ("company_id","shipment_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_reference_unique" ON "shipments" USING btree ("company_id","reference");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "shipments_supplier_idx" ON "shipments" USING btree ("company_id","supplier","created_at");--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_receipt_audit_unique" ON "shipments" USING btree ("company_id","receipt_audit_id") WHERE "shipments"."receipt_audit_id" IS NOT NULL;
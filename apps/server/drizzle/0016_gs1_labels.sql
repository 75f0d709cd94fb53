CREATE TABLE "gs1_prefixes" (
	"company_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gs1_prefixes_company_id_prefix_pk" PRIMARY KEY("company_id","prefix")
);
--> statement-breakpoint
CREATE TABLE "gs1_serials" (
	"company_id" integer NOT NULL,
	"gtin" text NOT NULL,
	"last_serial" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gs1_serials_company_id_gtin_pk" PRIMARY KEY("company_id","gtin")
);
--> statement-breakpoint
ALTER TABLE "print_agents" ADD COLUMN "protocol" integer;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "printed" integer;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "serial_first" bigint;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "serial_last" bigint;--> statement-breakpoint
ALTER TABLE "gs1_prefixes" ADD CONSTRAINT "gs1_prefixes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gs1_serials" ADD CONSTRAINT "gs1_serials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_product_serials_idx" ON "print_jobs" USING btree ("company_id","product_id","id" desc) WHERE "print_jobs"."serial_first" IS NOT NULL;
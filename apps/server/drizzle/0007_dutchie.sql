CREATE TABLE "dutchie_cache" (
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"body" jsonb,
	"fetched_at" timestamp with time zone,
	"attempted_at" timestamp with time zone,
	"error_kind" text,
	"error_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	CONSTRAINT "dutchie_cache_company_id_kind_params_pk" PRIMARY KEY("company_id","kind","params")
);
--> statement-breakpoint
ALTER TABLE "dutchie_cache" ADD CONSTRAINT "dutchie_cache_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
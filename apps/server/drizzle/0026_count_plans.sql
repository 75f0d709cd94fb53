CREATE TABLE "count_overdue_notices" (
	"company_id" integer NOT NULL,
	"place_key" text NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "count_overdue_notices_pkey" PRIMARY KEY("company_id","place_key","due_on")
);
--> statement-breakpoint
CREATE TABLE "count_plan_runs" (
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"place_key" text NOT NULL,
	"due_on" date NOT NULL,
	"audit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "count_plan_runs_pkey" PRIMARY KEY("company_id","plan_id","place_key","due_on")
);
--> statement-breakpoint
CREATE TABLE "count_plans" (
	"id" serial NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"location_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"rooms" text[] DEFAULT '{}'::text[] NOT NULL,
	"every_days" integer,
	"weekdays" integer[],
	"month_day" integer,
	"grace_days" integer DEFAULT 0 NOT NULL,
	"is_blind" boolean DEFAULT false NOT NULL,
	"device_id" integer,
	"assignee_user_id" integer,
	"duration_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "count_plans_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "count_overdue_notices" ADD CONSTRAINT "count_overdue_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_plan_runs" ADD CONSTRAINT "count_plan_runs_plan_fk" FOREIGN KEY ("company_id","plan_id") REFERENCES "public"."count_plans"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_plans" ADD CONSTRAINT "count_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_plans" ADD CONSTRAINT "count_plans_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_plans" ADD CONSTRAINT "count_plans_device_fk" FOREIGN KEY ("company_id","device_id") REFERENCES "public"."devices"("company_id","id") ON DELETE SET NULL ("device_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_plan_fk" FOREIGN KEY ("company_id","plan_id") REFERENCES "public"."count_plans"("company_id","id") ON DELETE SET NULL ("plan_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audits_company_place_completed_idx" ON "audits" USING btree ("company_id","location_id","room","completed_at") WHERE "audits"."status" = 'completed';
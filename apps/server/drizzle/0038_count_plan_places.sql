-- Each planned place's next due day, stored for the overdue and planned-reader sweeps (count-plans/plan-places.ts).
-- Additive: plans made before it have places_refreshed_at null, so the plan-places sweep works their places out first.
CREATE TABLE "count_plan_places" (
	"company_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"place_key" text NOT NULL,
	"due_on" date NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"overdue_at" timestamp with time zone NOT NULL,
	"is_reader" boolean DEFAULT false NOT NULL,
	"is_overdue_told" boolean DEFAULT false NOT NULL,
	"is_run_started" boolean DEFAULT false NOT NULL,
	CONSTRAINT "count_plan_places_pkey" PRIMARY KEY("company_id","plan_id","place_key")
);
--> statement-breakpoint
ALTER TABLE "count_plans" ADD COLUMN "places_refreshed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "count_plan_places" ADD CONSTRAINT "count_plan_places_plan_fk" FOREIGN KEY ("company_id","plan_id") REFERENCES "public"."count_plans"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "count_plan_places_overdue_idx" ON "count_plan_places" USING btree ("overdue_at") WHERE not "count_plan_places"."is_overdue_told";--> statement-breakpoint
CREATE INDEX "count_plan_places_reader_due_idx" ON "count_plan_places" USING btree ("due_at") WHERE "count_plan_places"."is_reader" and not "count_plan_places"."is_run_started";--> statement-breakpoint
CREATE INDEX "count_plans_places_refreshed_idx" ON "count_plans" USING btree ("places_refreshed_at");
-- Team counts (issue 49): the readers counting an audit together, and one open count per reader held by a partial
-- unique index. Additive: the build before writes no participants, and a count it starts has none (its reader is
-- seat 0 of it, read from audits.device_id).
CREATE TABLE "audit_participants" (
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"company_id" integer NOT NULL,
	"audit_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"seat" integer NOT NULL,
	"batch_count" integer,
	"person_id" integer,
	"is_open" boolean DEFAULT true NOT NULL,
	"device_name" text NOT NULL,
	"person_name" text,
	CONSTRAINT "audit_participants_pkey" PRIMARY KEY("company_id","audit_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "audit_participants" ADD CONSTRAINT "audit_participants_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_participants" ADD CONSTRAINT "audit_participants_audit_fk" FOREIGN KEY ("company_id","audit_id") REFERENCES "public"."audits"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_participants_seat_unique" ON "audit_participants" USING btree ("company_id","audit_id","seat");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_participants_open_device_unique" ON "audit_participants" USING btree ("company_id","device_id") WHERE "audit_participants"."is_open";--> statement-breakpoint
-- Every count in progress on a reader gets its reader as seat 0. A reader with several open counts (the bug the
-- issue found: a recount or a planned count beside another) keeps only its newest open; the others stay counts in
-- progress that it can still send to and finish, but that no longer hold it.
INSERT INTO "audit_participants" ("company_id", "audit_id", "device_id", "seat", "device_name", "person_id", "person_name", "joined_at", "is_open")
SELECT a."company_id", a."id", a."device_id", 0, coalesce(d."name", a."device_name", 'Reader'), a."started_by", a."started_by_name", a."created_at",
  a."id" = max(a."id") OVER (PARTITION BY a."company_id", a."device_id")
FROM "audits" a
LEFT JOIN "devices" d ON d."company_id" = a."company_id" AND d."id" = a."device_id"
WHERE a."status" = 'in_progress' AND a."device_id" IS NOT NULL
ON CONFLICT DO NOTHING;

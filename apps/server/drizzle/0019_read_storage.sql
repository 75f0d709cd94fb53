CREATE TABLE "audit_tags" (
	"first_seen" timestamp with time zone,
	"last_seen" timestamp with time zone,
	"company_id" integer NOT NULL,
	"audit_id" integer NOT NULL,
	"tids" integer NOT NULL,
	"reads" integer NOT NULL,
	"best_rssi" real,
	"epc" "bytea" NOT NULL,
	"gtin" text,
	"decoded" text,
	CONSTRAINT "audit_tags_company_id_audit_id_epc_pk" PRIMARY KEY("company_id","audit_id","epc")
);
--> statement-breakpoint
-- Hand-written from here to the audit_tags constraint (drizzle-kit writes neither partitioned tables nor functions).
-- The reads so far stay where they are, renamed audit_reads_legacy: the reads storage job (reads-storage.service.ts)
-- moves them into the partitioned table audit by audit, with the server running, compacts the completed audits and
-- drops audit_reads_legacy once it is empty. Until then completing an audit moves its own legacy reads first.
ALTER TABLE "audit_reads" RENAME TO "audit_reads_legacy";--> statement-breakpoint
ALTER TABLE "audit_reads_legacy" RENAME CONSTRAINT "audit_reads_audit_id_batch_seq_ordinal_pk" TO "audit_reads_legacy_pk";--> statement-breakpoint
ALTER TABLE "audit_reads_legacy" RENAME CONSTRAINT "audit_reads_audit_id_audits_id_fk" TO "audit_reads_legacy_audit_id_fk";--> statement-breakpoint
-- Columns in the order that packs them tightest: 8-byte, 4-byte, then the short byte strings.
CREATE TABLE "audit_reads" (
	"seen_at" timestamp with time zone,
	"received_on" date DEFAULT (now() at time zone 'UTC')::date NOT NULL,
	"company_id" integer NOT NULL,
	"audit_id" integer NOT NULL,
	"batch_seq" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"rssi" real,
	"epc" bytea NOT NULL,
	"tid" bytea,
	"gtin" text,
	"decoded" text,
	CONSTRAINT "audit_reads_company_id_audit_id_batch_seq_ordinal_received_on_pk" PRIMARY KEY("company_id","audit_id","batch_seq","ordinal","received_on")
) PARTITION BY RANGE ("received_on");--> statement-breakpoint
ALTER TABLE "audit_reads" ADD CONSTRAINT "audit_reads_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The partition of audit_reads for the (UTC) month of p_day, named audit_reads_pYYYYMM, created when missing.
-- Under an advisory lock, so instances creating the same month at once do not collide.
CREATE FUNCTION "audit_reads_partition"(p_day date) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	v_start date := date_trunc('month', p_day)::date;
	v_name text := 'audit_reads_p' || to_char(v_start, 'YYYYMM');
BEGIN
	IF to_regclass(v_name) IS NULL THEN
		PERFORM pg_advisory_xact_lock(1364345939, 1);
		IF to_regclass(v_name) IS NULL THEN
			EXECUTE format('CREATE TABLE %I PARTITION OF audit_reads FOR VALUES FROM (%L) TO (%L)', v_name,
				v_start, (v_start + interval '1 month')::date);
		END IF;
	END IF;
	RETURN v_name;
END $$;--> statement-breakpoint
-- This month's and next month's partitions: a read stored at the turn of the month always has its partition.
CREATE FUNCTION "audit_reads_partitions_ahead"() RETURNS void LANGUAGE sql AS $$
	SELECT audit_reads_partition((now() at time zone 'UTC')::date),
		audit_reads_partition(((now() at time zone 'UTC')::date + interval '1 month')::date);
$$;--> statement-breakpoint
SELECT audit_reads_partitions_ahead();--> statement-breakpoint
-- A database without reads (a new one) has nothing to move: the legacy table goes at once.
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM audit_reads_legacy) THEN
		DROP TABLE audit_reads_legacy;
	END IF;
END $$;--> statement-breakpoint
-- Hand-written part ends.
ALTER TABLE "audit_tags" ADD CONSTRAINT "audit_tags_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;
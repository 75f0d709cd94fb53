-- Alert e-mail moves onto pg-boss (its job kind, alert-mail: jobs/kinds.ts JOB_KINDS): its queue, and each one still to send when this runs
-- (queued by a version before it) becomes a pg-boss job due when it was, so nothing queued before the upgrade is lost.
SELECT pgboss.create_queue('alert-mail', '{"policy":"standard"}');
--> statement-breakpoint
INSERT INTO pgboss.job (name, data, start_after, policy)
SELECT 'alert-mail', jsonb_build_object('company_id', company_id, 'id', id), run_at, 'standard'
FROM mail_jobs WHERE sent_at IS NULL AND failed_at IS NULL;
--> statement-breakpoint
ALTER TABLE "mail_jobs" DROP COLUMN "locked_until";

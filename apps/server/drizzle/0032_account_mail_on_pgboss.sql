-- Account e-mail moves onto pg-boss (its job kind, account-mail: jobs/kinds.ts JOB_KINDS): each one still to send when this runs (queued by a
-- version before it) becomes a pg-boss job due when it was, so nothing queued before the upgrade is lost.
INSERT INTO pgboss.job (name, data, start_after, policy)
SELECT 'account-mail', jsonb_build_object('id', id), run_at, 'standard'
FROM account_mail_jobs WHERE sent_at IS NULL AND failed_at IS NULL;
--> statement-breakpoint
ALTER TABLE "account_mail_jobs" DROP COLUMN "locked_until";

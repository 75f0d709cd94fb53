-- Webhook delivery and event dispatch move onto pg-boss (jobs/kinds.ts): after this pg-boss carries every queue, and
-- the claim-and-lease SQL of our own is gone. A webhook message's lease column goes; a message waiting for its
-- endpoint to be switched on again is marked held (it has no job then; switching the endpoint on queues one).
ALTER TABLE "webhook_messages" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_messages_held_idx" ON "webhook_messages" USING btree ("company_id","endpoint_id") WHERE "webhook_messages"."held_at" is not null;--> statement-breakpoint
-- Hand-written from here. The two queues, with the retries every queue of ours has: pg-boss's retries are only a job
-- taken back after its lease lapsed, due again at once, as often as that happens (jobs/boss.ts LAPSED_LEASE_RETRIES);
-- the leases (expire_seconds) are set from each kind at every start.
SELECT pgboss.create_queue('event-dispatch', '{"policy":"standard","retryLimit":1000000,"retryDelay":0,"retryBackoff":false}');
--> statement-breakpoint
SELECT pgboss.create_queue('webhook-delivery', '{"policy":"standard","retryLimit":1000000,"retryDelay":0,"retryBackoff":false}');
--> statement-breakpoint
-- The e-mail queues' jobs made by 0032 and 0033 took pg-boss's column defaults (two lapsed leases, then failed):
-- they get the queues' settings, as every job inserted through pg-boss has.
UPDATE pgboss.queue SET retry_limit = 1000000, retry_delay = 0, retry_backoff = false
WHERE name IN ('account-mail', 'alert-mail');
--> statement-breakpoint
UPDATE pgboss.job SET retry_limit = 1000000, retry_delay = 0, retry_backoff = false
WHERE name IN ('account-mail', 'alert-mail') AND state <= 'active';
--> statement-breakpoint
-- Jobs of one queue written from SQL (this migration's backfill, dropped at its end; the trigger below does the same
-- for one job), with the queue's settings as pg-boss's own insert gives them (its plans.js insertJobs): `job_data`
-- each job's data, `start_after` when each is due (null: now).
CREATE FUNCTION queue_boss_jobs(queue_name text, job_data jsonb[], start_after timestamptz[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO pgboss.job (name, data, start_after, policy, retry_limit, retry_delay, retry_backoff, expire_in, keep_until)
  SELECT q.name, d.data, COALESCE(d.start_after, now()), q.policy, COALESCE(q.retry_limit, 2),
    COALESCE(q.retry_delay, 0), COALESCE(q.retry_backoff, false), COALESCE(q.expire_seconds, 900) * interval '1 second',
    COALESCE(d.start_after, now()) + COALESCE(q.retention_minutes, 20160) * interval '1 minute'
  FROM pgboss.queue q, unnest(job_data, start_after) AS d(data, start_after)
  WHERE q.name = queue_name AND d.data IS NOT NULL;
$$;
--> statement-breakpoint
-- Every event written, by any writer (the events repo, the products_stock_crossing trigger, SQL by hand), is a job
-- of the event-dispatch queue in the same transaction: a rollback leaves neither. A row trigger: the busiest writer,
-- products_stock_crossing, inserts one event per statement, and a statement trigger's transition table costs twice
-- a row trigger's insert there (bench/event-jobs.mjs).
CREATE FUNCTION events_queue_dispatch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pgboss.job (name, data, policy, retry_limit, retry_delay, retry_backoff, expire_in, keep_until)
  SELECT q.name, jsonb_build_object('company_id', NEW.company_id, 'id', NEW.id), q.policy, COALESCE(q.retry_limit, 2),
    COALESCE(q.retry_delay, 0), COALESCE(q.retry_backoff, false), COALESCE(q.expire_seconds, 900) * interval '1 second',
    now() + COALESCE(q.retention_minutes, 20160) * interval '1 minute'
  FROM pgboss.queue q WHERE q.name = 'event-dispatch';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_queue_dispatch AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_queue_dispatch();
--> statement-breakpoint
-- What the version before left to do is not lost: every event not yet handed on is a job; every message still to
-- deliver is a job due when it was, or held when its endpoint is switched off.
SELECT queue_boss_jobs('event-dispatch',
  ARRAY(SELECT jsonb_build_object('company_id', company_id, 'id', id) FROM events WHERE dispatched_at IS NULL ORDER BY id),
  NULL);
--> statement-breakpoint
UPDATE webhook_messages m SET held_at = now() FROM webhook_endpoints w
WHERE w.company_id = m.company_id AND w.id = m.endpoint_id AND NOT w.is_enabled AND m.status = 'pending';
--> statement-breakpoint
SELECT queue_boss_jobs('webhook-delivery',
  array_agg(jsonb_build_object('company_id', company_id, 'id', id) ORDER BY id), array_agg(next_attempt_at ORDER BY id))
FROM webhook_messages WHERE status = 'pending' AND held_at IS NULL;
--> statement-breakpoint
DROP FUNCTION queue_boss_jobs(text, jsonb[], timestamptz[]);

CREATE INDEX "account_mail_jobs_finished_idx" ON "account_mail_jobs" USING btree (coalesce("sent_at", "failed_at"));--> statement-breakpoint
CREATE INDEX "events_dispatched_at_idx" ON "events" USING btree ("dispatched_at");--> statement-breakpoint
CREATE INDEX "mail_jobs_finished_idx" ON "mail_jobs" USING btree (coalesce("sent_at", "failed_at"));--> statement-breakpoint
CREATE INDEX "webhook_messages_finished_idx" ON "webhook_messages" USING btree ("created_at") WHERE "webhook_messages"."status" <> 'pending';
-- The tenant key in the keys of the remaining tenant tables (issue 26): readers and their tokens and alert states,
-- events, webhook endpoints and messages, Tallie's conversations and print utilities now have company_id first in
-- their primary keys, and every reference to them carries it, so every tenant table can be distributed by company
-- (docs/deployment.md, Moving to Citus). Only the token hashes of readers and print utilities stay unique on their
-- own: they are global secrets, looked up before the company is known.
-- Hand-written around drizzle-kit's output: the primary keys' names, and ON DELETE SET NULL (column) on the two
-- references that are cleared (drizzle-kit would null company_id too). Every row already has its company (0020),
-- and these tables are small beside the audits' (a few rows per reader, person or endpoint; one event per thing
-- that happened), so each key is rebuilt in one statement.
-- Instances still on the previous build during a rolling upgrade name the old keys in two ON CONFLICT clauses, so
-- those two keys stay for one release beside the new ones (device_alert_states_device_unique and
-- webhook_messages_endpoint_event_unique; ids are unique across companies, so they refuse nothing the new keys
-- allow). The next release drops them.

-- 1. The single-column references go first (they depend on the old keys), with the indexes that change shape.
ALTER TABLE "audits" DROP CONSTRAINT "audits_device_id_devices_id_fk";--> statement-breakpoint
ALTER TABLE "device_pairings" DROP CONSTRAINT "device_pairings_device_id_devices_id_fk";--> statement-breakpoint
ALTER TABLE "device_tokens" DROP CONSTRAINT "device_tokens_device_id_devices_id_fk";--> statement-breakpoint
ALTER TABLE "device_alert_states" DROP CONSTRAINT "device_alert_states_device_id_devices_id_fk";--> statement-breakpoint
ALTER TABLE "notification_reads" DROP CONSTRAINT "notification_reads_event_id_events_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_messages" DROP CONSTRAINT "webhook_messages_endpoint_id_webhook_endpoints_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_messages" DROP CONSTRAINT "webhook_messages_event_id_events_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_message_id_webhook_messages_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_attempts" DROP CONSTRAINT "webhook_attempts_endpoint_id_webhook_endpoints_id_fk";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk";--> statement-breakpoint
ALTER TABLE "print_jobs" DROP CONSTRAINT "print_jobs_agent_id_print_agents_id_fk";--> statement-breakpoint
DROP INDEX "events_company_idx";--> statement-breakpoint
DROP INDEX "webhook_endpoints_company_idx";--> statement-breakpoint
DROP INDEX "webhook_attempts_endpoint_idx";--> statement-breakpoint
DROP INDEX "chat_messages_conversation_idx";--> statement-breakpoint
DROP INDEX "audits_device_open_idx";--> statement-breakpoint
DROP INDEX "device_tokens_device_idx";--> statement-breakpoint

-- 2. The keys, with the company first.
ALTER TABLE "devices" DROP CONSTRAINT "devices_pkey";--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "device_tokens" DROP CONSTRAINT "device_tokens_pkey";--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "device_alert_states" DROP CONSTRAINT "device_alert_states_pkey";--> statement-breakpoint
ALTER TABLE "device_alert_states" ADD CONSTRAINT "device_alert_states_pkey" PRIMARY KEY("company_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_alert_states_device_unique" ON "device_alert_states" USING btree ("device_id");--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_pkey";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_pkey";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "webhook_messages" DROP CONSTRAINT "webhook_messages_pkey";--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "chat_conversations" DROP CONSTRAINT "chat_conversations_pkey";--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
ALTER TABLE "print_agents" DROP CONSTRAINT "print_agents_pkey";--> statement-breakpoint
ALTER TABLE "print_agents" ADD CONSTRAINT "print_agents_pkey" PRIMARY KEY("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_messages_company_endpoint_event_unique" ON "webhook_messages" USING btree ("company_id","endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("company_id","endpoint_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("company_id","conversation_id","id");--> statement-breakpoint
CREATE INDEX "audits_device_open_idx" ON "audits" USING btree ("company_id","device_id") WHERE "audits"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "device_tokens_device_idx" ON "device_tokens" USING btree ("company_id","device_id");--> statement-breakpoint

-- 3. The references, carrying the company. A deleted reader clears only the audits' device_id (they keep its
-- name), a deleted print utility only the jobs' agent_id.
ALTER TABLE "audits" ADD CONSTRAINT "audits_device_fk" FOREIGN KEY ("company_id","device_id") REFERENCES "public"."devices"("company_id","id") ON DELETE SET NULL ("device_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_pairings" ADD CONSTRAINT "device_pairings_device_fk" FOREIGN KEY ("company_id","device_id") REFERENCES "public"."devices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_device_fk" FOREIGN KEY ("company_id","device_id") REFERENCES "public"."devices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_alert_states" ADD CONSTRAINT "device_alert_states_device_fk" FOREIGN KEY ("company_id","device_id") REFERENCES "public"."devices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_event_fk" FOREIGN KEY ("company_id","event_id") REFERENCES "public"."events"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_endpoint_fk" FOREIGN KEY ("company_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_event_fk" FOREIGN KEY ("company_id","event_id") REFERENCES "public"."events"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_message_fk" FOREIGN KEY ("company_id","message_id") REFERENCES "public"."webhook_messages"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_fk" FOREIGN KEY ("company_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_fk" FOREIGN KEY ("company_id","conversation_id") REFERENCES "public"."chat_conversations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_agent_fk" FOREIGN KEY ("company_id","agent_id") REFERENCES "public"."print_agents"("company_id","id") ON DELETE SET NULL ("agent_id") ON UPDATE no action;

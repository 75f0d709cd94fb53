ALTER TABLE "devices" ADD COLUMN "webhook_interface" text;--> statement-breakpoint
-- The fixed readers added before there was a choice are R700s (IoT device interface).
UPDATE "devices" SET "webhook_interface" = 'impinj-iot' WHERE "kind" = 'fixed';

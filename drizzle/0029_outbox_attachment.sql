ALTER TABLE "outbox" ADD COLUMN "attachment_hash" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_format" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_name" text;
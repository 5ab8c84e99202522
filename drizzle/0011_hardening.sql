ALTER TABLE "association_content" ADD COLUMN "retention_sent_mail_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "history" ADD COLUMN "occurrences" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "applications" SET "access_token_hash" = NULL WHERE "archived" = true;

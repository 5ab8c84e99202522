CREATE TYPE "public"."subscriber_status" AS ENUM('en_attente', 'abonne', 'desabonne');--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" "subscriber_status" DEFAULT 'en_attente' NOT NULL,
	"confirm_token_hash" text,
	"confirm_before" timestamp with time zone,
	"unsubscribe_key" text NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_source" text NOT NULL,
	"consent_wording" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"bounces" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_idx" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_confirm_idx" ON "newsletter_subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_unsubscribe_idx" ON "newsletter_subscribers" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_idx" ON "newsletter_subscribers" USING btree ("status","created_at" DESC NULLS FIRST);
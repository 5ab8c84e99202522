CREATE TYPE "public"."letter_audience" AS ENUM('abonnes', 'inscrits');--> statement-breakpoint
CREATE TYPE "public"."letter_source" AS ENUM('article', 'evenement', 'libre', 'resume');--> statement-breakpoint
CREATE TYPE "public"."letter_status" AS ENUM('brouillon', 'envoi', 'envoyee');--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('inscrit', 'attente', 'annule');--> statement-breakpoint
ALTER TYPE "public"."outbox_status" ADD VALUE 'bounced';--> statement-breakpoint
ALTER TYPE "public"."outbox_status" ADD VALUE 'interrupted';--> statement-breakpoint
ALTER TYPE "public"."outbox_status" ADD VALUE 'skipped';--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"people" integer DEFAULT 1 NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"status" "registration_status" NOT NULL,
	"cancel_key" text NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"promoted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "newsletter_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"audience" "letter_audience" DEFAULT 'abonnes' NOT NULL,
	"source" "letter_source" DEFAULT 'libre' NOT NULL,
	"source_id" integer,
	"event_id" integer,
	"subject" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"html" text,
	"text" text,
	"status" "letter_status" DEFAULT 'brouillon' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"total" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"interrupted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "retention_event_registrations_months" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "digest_frequency" text DEFAULT 'jamais' NOT NULL;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "digest_last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "signups_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "signup_capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "signup_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "signup_question" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "signup_max_people" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminders_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "letter_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD CONSTRAINT "newsletter_letters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_registrations_event_idx" ON "event_registrations" USING btree ("event_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_cancel_idx" ON "event_registrations" USING btree ("cancel_token_hash");--> statement-breakpoint
CREATE INDEX "event_registrations_email_idx" ON "event_registrations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "newsletter_letters_created_idx" ON "newsletter_letters" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_letter_id_newsletter_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."newsletter_letters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_letter_recipient_idx" ON "outbox" USING btree ("letter_id","to") WHERE "outbox"."letter_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_sent_at_idx" ON "outbox" USING btree ("sent_at") WHERE "outbox"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","priority","next_attempt_at");--> statement-breakpoint
CREATE TRIGGER "event_registrations_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_registrations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();

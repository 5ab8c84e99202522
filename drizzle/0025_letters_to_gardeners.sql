CREATE TYPE "public"."letter_gardeners" AS ENUM('actuels', 'jardins', 'cotisation', 'parcelles');--> statement-breakpoint
CREATE TYPE "public"."letter_nature" AS ENUM('information', 'service');--> statement-breakpoint
ALTER TYPE "public"."letter_audience" ADD VALUE 'jardiniers';--> statement-breakpoint
CREATE TABLE "letter_paper_recipients" (
	"letter_id" integer NOT NULL,
	"gardener_id" integer NOT NULL,
	CONSTRAINT "letter_paper_recipients_letter_id_gardener_id_pk" PRIMARY KEY("letter_id","gardener_id")
);
--> statement-breakpoint
ALTER TABLE "gardeners" ADD COLUMN "letters_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gardeners" ADD COLUMN "letters_opt_out_how" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD COLUMN "gardeners" "letter_gardeners";--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD COLUMN "site_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD COLUMN "plot_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD COLUMN "fee_year" smallint;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD COLUMN "nature" "letter_nature" DEFAULT 'information' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD COLUMN "audience_label" text;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD COLUMN "gardener_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD COLUMN "without_email" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD COLUMN "opted_out" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "letter_paper_recipients" ADD CONSTRAINT "letter_paper_recipients_letter_id_newsletter_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."newsletter_letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_paper_recipients" ADD CONSTRAINT "letter_paper_recipients_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letter_paper_recipients_gardener_idx" ON "letter_paper_recipients" USING btree ("gardener_id");
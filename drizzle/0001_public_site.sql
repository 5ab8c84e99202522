CREATE TABLE "rate_limit_hits" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "charte_version" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "reglement_version" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "engagements_acceptes_le" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "nomassociation" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "slogan" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "charte" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "reglement" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "plain_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "plain_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_fields" ADD COLUMN "name" text;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_at_idx" ON "rate_limit_hits" USING btree ("key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_fields_name_idx" ON "form_fields" USING btree ("name");--> statement-breakpoint
-- Search matches without accents (decision 012); unaccent is a trusted extension, a database owner may create it.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- The visible text of the content already saved: tags removed, the entities the editor writes decoded.
UPDATE "blog_posts" SET "plain_text" = trim(regexp_replace(replace(replace(replace(replace(replace(replace(regexp_replace("content", '<[^>]*>', ' ', 'g'), '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'), '\s+', ' ', 'g'));--> statement-breakpoint
UPDATE "events" SET "plain_text" = trim(regexp_replace(replace(replace(replace(replace(replace(replace(regexp_replace("content", '<[^>]*>', ' ', 'g'), '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'), '\s+', ' ', 'g'));

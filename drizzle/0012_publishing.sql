CREATE TYPE "public"."publication_state" AS ENUM('brouillon', 'programme', 'publie');--> statement-breakpoint
CREATE TABLE "autosaves" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer DEFAULT 0 NOT NULL,
	"admin_id" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "start" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "enddate" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "image_alts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "state" "publication_state" DEFAULT 'publie' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "image_alts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "state" "publication_state" DEFAULT 'publie' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_alts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "updated_by" text;--> statement-breakpoint
-- Search reads a folded copy of the searched text and its French text-search vector, kept by the trigger below
-- whoever writes (the site, an import, a restore); the application's model leaves them out (app/db/schema.ts).
ALTER TABLE "blog_posts" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint
-- Before each write: the search columns when the searched text changes, and the publication date of an item that
-- becomes public without one (its creation date for a row inserted as published: imports, the demo, old rows).
CREATE FUNCTION "blog_posts_before_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title OR NEW.plain_text IS DISTINCT FROM OLD.plain_text
     OR NEW.excerpt IS DISTINCT FROM OLD.excerpt OR NEW.search_vector IS NULL THEN
    NEW.search_text := lower(unaccent(NEW.title || ' ' || NEW.plain_text || ' ' || NEW.excerpt));
    NEW.search_vector := to_tsvector('french', unaccent(NEW.title || ' ' || NEW.plain_text || ' ' || NEW.excerpt));
  END IF;
  IF NEW.state = 'publie' AND NEW.published_at IS NULL THEN
    NEW.published_at := CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "blog_posts_before_write" BEFORE INSERT OR UPDATE ON "blog_posts" FOR EACH ROW EXECUTE FUNCTION "blog_posts_before_write"();--> statement-breakpoint
CREATE FUNCTION "events_before_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title OR NEW.description IS DISTINCT FROM OLD.description
     OR NEW.location IS DISTINCT FROM OLD.location OR NEW.search_vector IS NULL THEN
    NEW.search_text := lower(unaccent(NEW.title || ' ' || NEW.description || ' ' || NEW.location));
    NEW.search_vector := to_tsvector('french', unaccent(NEW.title || ' ' || NEW.description || ' ' || NEW.location));
  END IF;
  IF NEW.state = 'publie' AND NEW.published_at IS NULL THEN
    NEW.published_at := CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_before_write" BEFORE INSERT OR UPDATE ON "events" FOR EACH ROW EXECUTE FUNCTION "events_before_write"();--> statement-breakpoint
-- What existed was public: it stays so, published when it was created, last saved then.
UPDATE "blog_posts" SET "published_at" = "created_at", "updated_at" = "created_at";--> statement-breakpoint
UPDATE "events" SET "published_at" = "created_at", "updated_at" = "created_at";--> statement-breakpoint
CREATE INDEX "blog_posts_search_idx" ON "blog_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "autosaves" ADD CONSTRAINT "autosaves_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autosaves_item_admin_idx" ON "autosaves" USING btree ("item_kind","item_id","admin_id");--> statement-breakpoint
CREATE INDEX "content_versions_item_idx" ON "content_versions" USING btree ("item_kind","item_id","saved_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "blog_posts"."state" = 'publie';--> statement-breakpoint
CREATE INDEX "blog_posts_scheduled_idx" ON "blog_posts" USING btree ("publish_at") WHERE "blog_posts"."state" = 'programme';--> statement-breakpoint
CREATE INDEX "events_published_idx" ON "events" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "events"."state" = 'publie';--> statement-breakpoint
CREATE INDEX "events_published_start_idx" ON "events" USING btree ("start","id") WHERE "events"."state" = 'publie';--> statement-breakpoint
CREATE INDEX "events_scheduled_idx" ON "events" USING btree ("publish_at") WHERE "events"."state" = 'programme';--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_public_has_date" CHECK ("blog_posts"."state" <> 'publie' or "blog_posts"."published_at" is not null);--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_scheduled_has_time" CHECK ("blog_posts"."state" <> 'programme' or "blog_posts"."publish_at" is not null);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_dated_unless_draft" CHECK ("events"."state" = 'brouillon' or ("events"."start" is not null and "events"."enddate" is not null and "events"."date" is not null));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_public_has_date" CHECK ("events"."state" <> 'publie' or "events"."published_at" is not null);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_scheduled_has_time" CHECK ("events"."state" <> 'programme' or "events"."publish_at" is not null);
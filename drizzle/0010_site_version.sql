CREATE TABLE "site_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "site_version" ("id") VALUES (1);
--> statement-breakpoint
CREATE FUNCTION "bump_site_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "site_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "association_content_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "association_content" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();
--> statement-breakpoint
CREATE TRIGGER "events_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();
--> statement-breakpoint
CREATE TRIGGER "annonces_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "annonces" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();
--> statement-breakpoint
CREATE TRIGGER "form_fields_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "form_fields" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();

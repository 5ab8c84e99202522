CREATE TYPE "public"."document_format" AS ENUM('pdf', 'jpeg');--> statement-breakpoint
CREATE TYPE "public"."document_kind" AS ENUM('statuts', 'reglement_interieur', 'proces_verbal', 'rapport', 'convention_occupation', 'autre');--> statement-breakpoint
CREATE TYPE "public"."document_visibility" AS ENUM('public', 'membres');--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"hash" text NOT NULL,
	"format" "document_format" NOT NULL,
	"bytes" integer NOT NULL,
	"pages" integer,
	"date" date NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"added_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_versions_hash" CHECK ("document_versions"."hash" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "document_versions_bytes" CHECK ("document_versions"."bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "document_kind" NOT NULL,
	"title" text NOT NULL,
	"visibility" "document_visibility" DEFAULT 'public' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_versions_document_idx" ON "document_versions" USING btree ("document_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "document_versions_hash_idx" ON "document_versions" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "documents_kind_idx" ON "documents" USING btree ("kind");--> statement-breakpoint
-- /association lists the public documents and /apply names the rules in force: the cached pages follow them.
CREATE TRIGGER "documents_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "documents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();
--> statement-breakpoint
CREATE TRIGGER "document_versions_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "document_versions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();

CREATE TYPE "public"."assembly_answer" AS ENUM('present', 'pouvoir', 'absent');--> statement-breakpoint
CREATE TYPE "public"."assembly_kind" AS ENUM('ordinaire', 'extraordinaire');--> statement-breakpoint
CREATE TYPE "public"."assembly_majority" AS ENUM('simple', 'absolue', 'deux_tiers');--> statement-breakpoint
CREATE TYPE "public"."assembly_voice" AS ENUM('membre', 'parcelle');--> statement-breakpoint
CREATE TABLE "assemblies" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"kind" "assembly_kind" DEFAULT 'ordinaire' NOT NULL,
	"convocation_days" integer DEFAULT 15 NOT NULL,
	"voice_basis" "assembly_voice" DEFAULT 'membre' NOT NULL,
	"max_proxies" integer DEFAULT 2 NOT NULL,
	"quorum_percent" integer DEFAULT 25 NOT NULL,
	"majority" "assembly_majority" DEFAULT 'simple' NOT NULL,
	"convoked_at" timestamp with time zone,
	"links_deleted_at" timestamp with time zone,
	"minutes" text DEFAULT '' NOT NULL,
	"minutes_document_id" integer,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assemblies_max_proxies" CHECK ("assemblies"."max_proxies" >= 0),
	CONSTRAINT "assemblies_quorum" CHECK ("assemblies"."quorum_percent" between 0 and 100),
	CONSTRAINT "assemblies_convocation_days" CHECK ("assemblies"."convocation_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "assembly_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"assembly_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"is_resolution" boolean DEFAULT false NOT NULL,
	"votes_for" integer,
	"votes_against" integer,
	"abstentions" integer
);
--> statement-breakpoint
CREATE TABLE "assembly_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"assembly_id" integer NOT NULL,
	"gardener_id" integer,
	"name" text NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"given_names" text DEFAULT '' NOT NULL,
	"voices" integer DEFAULT 1 NOT NULL,
	"link_key" text,
	"link_hash" text,
	"answer" "assembly_answer",
	"proxy_holder_id" integer,
	"answered_at" timestamp with time zone,
	"present" boolean DEFAULT false NOT NULL,
	CONSTRAINT "assembly_members_voices" CHECK ("assembly_members"."voices" >= 0),
	CONSTRAINT "assembly_members_not_own_proxy" CHECK ("assembly_members"."proxy_holder_id" is null or "assembly_members"."proxy_holder_id" <> "assembly_members"."id"),
	CONSTRAINT "assembly_members_proxy_answer" CHECK ("assembly_members"."proxy_holder_id" is null or "assembly_members"."answer" = 'pouvoir')
);
--> statement-breakpoint
ALTER TABLE "assemblies" ADD CONSTRAINT "assemblies_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assemblies" ADD CONSTRAINT "assemblies_minutes_document_id_documents_id_fk" FOREIGN KEY ("minutes_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_items" ADD CONSTRAINT "assembly_items_assembly_id_assemblies_id_fk" FOREIGN KEY ("assembly_id") REFERENCES "public"."assemblies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_members" ADD CONSTRAINT "assembly_members_assembly_id_assemblies_id_fk" FOREIGN KEY ("assembly_id") REFERENCES "public"."assemblies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_members" ADD CONSTRAINT "assembly_members_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_members" ADD CONSTRAINT "assembly_members_proxy_holder_id_assembly_members_id_fk" FOREIGN KEY ("proxy_holder_id") REFERENCES "public"."assembly_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assemblies_event_idx" ON "assemblies" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "assembly_items_assembly_idx" ON "assembly_items" USING btree ("assembly_id","position","id");--> statement-breakpoint
CREATE INDEX "assembly_members_assembly_idx" ON "assembly_members" USING btree ("assembly_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "assembly_members_gardener_idx" ON "assembly_members" USING btree ("assembly_id","gardener_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assembly_members_link_idx" ON "assembly_members" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "assembly_members_holder_idx" ON "assembly_members" USING btree ("proxy_holder_id");
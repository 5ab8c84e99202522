CREATE TYPE "public"."ad_status" AS ENUM('en_attente', 'validé');--> statement-breakpoint
CREATE TYPE "public"."ad_type" AS ENUM('recherche', 'vend', 'donne', 'échange');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "annonces" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"email" text,
	"telephone" text NOT NULL,
	"type" "ad_type" NOT NULL,
	"contenu" text,
	"photo1" text,
	"photo2" text,
	"statut" "ad_status" DEFAULT 'en_attente' NOT NULL,
	"isvalidated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"email" text NOT NULL,
	"adresse" text NOT NULL,
	"ville" text DEFAULT '' NOT NULL,
	"telephoneportable" text NOT NULL,
	"telephonefixe" text,
	"taillejardin" text NOT NULL,
	"experience" text NOT NULL,
	"budgetconnu" boolean NOT NULL,
	"tempsdisponible" text NOT NULL,
	"inspectionconnu" boolean NOT NULL,
	"engagementcharte" boolean NOT NULL,
	"engagementreglement" boolean NOT NULL,
	"engagementlieupublic" boolean NOT NULL,
	"motivations" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"processed" boolean DEFAULT false NOT NULL,
	"archived" boolean,
	"archived_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "association_content" (
	"id" serial PRIMARY KEY NOT NULL,
	"titreaccueil" text,
	"texteintro" text,
	"textefooter" text,
	"titreassociation" text,
	"contentassociation" text,
	"imageaccueil" text,
	"headericon" text,
	"imagesassociation" jsonb,
	"adresse" text,
	"telephone" text,
	"email" text,
	"horaires" text,
	"parcellesoccupees" integer DEFAULT 0 NOT NULL,
	"parcellestotal" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"image" text,
	"imagesannexes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author" text DEFAULT 'Admin' NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"enddate" timestamp with time zone NOT NULL,
	"content" text NOT NULL,
	"image" text,
	"imagesannexes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date" date NOT NULL,
	"author" text DEFAULT 'admin' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username_idx" ON "admins" USING btree ("username");--> statement-breakpoint
CREATE INDEX "annonces_created_at_idx" ON "annonces" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "annonces_statut_created_at_idx" ON "annonces" USING btree ("statut","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_date_idx" ON "applications" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_archived_date_idx" ON "applications" USING btree ("archived_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_unprocessed_idx" ON "applications" USING btree ("id") WHERE "applications"."processed" = false and coalesce("applications"."archived", false) = false;--> statement-breakpoint
CREATE INDEX "blog_posts_created_at_idx" ON "blog_posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_start_idx" ON "events" USING btree ("start" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_fields_label_idx" ON "form_fields" USING btree ("label");--> statement-breakpoint
CREATE INDEX "login_failures_lookup_idx" ON "login_failures" USING btree ("username","ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_hash_idx" ON "media" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sessions_admin_idx" ON "sessions" USING btree ("admin_id");
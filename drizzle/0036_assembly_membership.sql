CREATE TYPE "public"."assembly_membership" AS ENUM('jardiniers', 'cotisation');--> statement-breakpoint
CREATE TABLE "volunteer_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"given_names" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"note" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assemblies" ADD COLUMN "membership" "assembly_membership" DEFAULT 'jardiniers' NOT NULL;--> statement-breakpoint
ALTER TABLE "assemblies" ADD COLUMN "membership_fee_year" smallint;--> statement-breakpoint
ALTER TABLE "assembly_members" ADD COLUMN "volunteer_id" integer;--> statement-breakpoint
ALTER TABLE "assembly_members" ADD COLUMN "reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "volunteer_members_name_idx" ON "volunteer_members" USING btree ("family_name","id");--> statement-breakpoint
ALTER TABLE "assembly_members" ADD CONSTRAINT "assembly_members_volunteer_id_volunteer_members_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."volunteer_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assembly_members_volunteer_idx" ON "assembly_members" USING btree ("assembly_id","volunteer_id") WHERE "assembly_members"."volunteer_id" is not null;--> statement-breakpoint
ALTER TABLE "assemblies" ADD CONSTRAINT "assemblies_membership_year" CHECK ("assemblies"."membership" <> 'cotisation' or "assemblies"."membership_fee_year" is not null);--> statement-breakpoint
UPDATE "assembly_members" SET "reason" = 'Jardinier actuel' WHERE "gardener_id" IS NOT NULL;
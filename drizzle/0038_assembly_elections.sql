CREATE TYPE "public"."office" AS ENUM('presidence', 'tresorerie', 'secretariat');--> statement-breakpoint
CREATE TABLE "assembly_candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"office" "office" NOT NULL,
	"name" text NOT NULL,
	"votes" integer,
	CONSTRAINT "assembly_candidates_votes" CHECK ("assembly_candidates"."votes" is null or "assembly_candidates"."votes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "association_officers" (
	"id" serial PRIMARY KEY NOT NULL,
	"office" "office" NOT NULL,
	"name" text NOT NULL,
	"since" date NOT NULL,
	"assembly_id" integer,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assembly_items" ADD COLUMN "is_election" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assembly_candidates" ADD CONSTRAINT "assembly_candidates_item_id_assembly_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."assembly_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "association_officers" ADD CONSTRAINT "association_officers_assembly_id_assemblies_id_fk" FOREIGN KEY ("assembly_id") REFERENCES "public"."assemblies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assembly_candidates_item_idx" ON "assembly_candidates" USING btree ("item_id","office","id");--> statement-breakpoint
CREATE INDEX "association_officers_office_idx" ON "association_officers" USING btree ("office","since","id");--> statement-breakpoint
CREATE UNIQUE INDEX "association_officers_assembly_idx" ON "association_officers" USING btree ("assembly_id","office") WHERE "association_officers"."assembly_id" is not null;--> statement-breakpoint
CREATE TRIGGER "association_officers_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "association_officers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();
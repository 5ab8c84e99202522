ALTER TABLE "assemblies" ADD COLUMN "chair" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assemblies" ADD COLUMN "secretary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assemblies" ADD COLUMN "closed_time" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "treasury_years" ADD COLUMN "approved_on" date;
ALTER TABLE "assembly_members" ADD COLUMN "civility" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gardeners" ADD COLUMN "civility" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteer_members" ADD COLUMN "civility" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gardeners" ADD CONSTRAINT "gardeners_civility" CHECK ("civility" in ('', 'madame', 'monsieur'));--> statement-breakpoint
ALTER TABLE "volunteer_members" ADD CONSTRAINT "volunteer_members_civility" CHECK ("civility" in ('', 'madame', 'monsieur'));--> statement-breakpoint
ALTER TABLE "assembly_members" ADD CONSTRAINT "assembly_members_civility" CHECK ("civility" in ('', 'madame', 'monsieur'));

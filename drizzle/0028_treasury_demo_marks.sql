ALTER TABLE "treasury_budget_lines" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "treasury_years" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;
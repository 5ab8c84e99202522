ALTER TABLE "inspection_marks" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inspection_marks" ADD COLUMN "withdrawn_by" text;--> statement-breakpoint
ALTER TABLE "inspection_marks" ADD COLUMN "withdrawal_reason" text;--> statement-breakpoint
ALTER TABLE "inspection_rounds" ADD COLUMN "form_token" text DEFAULT gen_random_uuid()::text NOT NULL;
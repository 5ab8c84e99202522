ALTER TABLE "treasury_receipts" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "treasury_receipts" ADD COLUMN "cancel_reason" text DEFAULT '' NOT NULL;
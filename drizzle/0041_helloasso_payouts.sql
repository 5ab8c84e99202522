ALTER TYPE "public"."treasury_account_kind" ADD VALUE 'helloasso';--> statement-breakpoint
ALTER TABLE "treasury_entries" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "treasury_entries" ADD CONSTRAINT "treasury_entries_payout_id_treasury_entries_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."treasury_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "treasury_entries_payout_idx" ON "treasury_entries" USING btree ("payout_id");
ALTER TABLE "fee_calls" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The demo's calls until now were known by their caller, « Bureau », an account may bear that name too: they were
-- also made on the 2nd of February at 8:00 UTC sharp, which no real call is.
UPDATE "fee_calls" SET "is_demo" = true WHERE "called_by" = 'Bureau' AND "called_at" = make_timestamptz("year", 2, 2, 8, 0, 0, 'UTC');

ALTER TABLE "treasury_entries" ADD COLUMN "bounced_on" date;--> statement-breakpoint
UPDATE "treasury_entries" SET "bounced_on" = "bounced_cheques"."bounced_on" FROM "bounced_cheques" WHERE "bounced_cheques"."entry_id" = "treasury_entries"."id";

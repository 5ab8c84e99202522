ALTER TABLE "applications" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_access_token_idx" ON "applications" USING btree ("access_token_hash");
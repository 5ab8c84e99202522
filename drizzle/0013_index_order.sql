-- Descending indexes in the order ORDER BY … DESC reads (NULLS FIRST): built NULLS LAST, PostgreSQL could not read
-- them in order and sorted whole tables for a page of 12 (found measuring 2,000 articles, issue 18).
DROP INDEX "annonces_created_at_idx";--> statement-breakpoint
DROP INDEX "annonces_statut_created_at_idx";--> statement-breakpoint
DROP INDEX "applications_date_idx";--> statement-breakpoint
DROP INDEX "applications_archived_date_idx";--> statement-breakpoint
DROP INDEX "blog_posts_created_at_idx";--> statement-breakpoint
DROP INDEX "blog_posts_published_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "content_versions_item_idx";--> statement-breakpoint
DROP INDEX "events_created_at_idx";--> statement-breakpoint
DROP INDEX "events_start_idx";--> statement-breakpoint
DROP INDEX "events_published_idx";--> statement-breakpoint
DROP INDEX "history_at_idx";--> statement-breakpoint
DROP INDEX "history_kind_at_idx";--> statement-breakpoint
DROP INDEX "history_actor_at_idx";--> statement-breakpoint
CREATE INDEX "annonces_created_at_idx" ON "annonces" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "annonces_statut_created_at_idx" ON "annonces" USING btree ("statut","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_date_idx" ON "applications" USING btree ("date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_archived_date_idx" ON "applications" USING btree ("archived_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blog_posts_created_at_idx" ON "blog_posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "blog_posts"."state" = 'publie';--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "content_versions_item_idx" ON "content_versions" USING btree ("item_kind","item_id","saved_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_start_idx" ON "events" USING btree ("start" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_published_idx" ON "events" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "events"."state" = 'publie';--> statement-breakpoint
CREATE INDEX "history_at_idx" ON "history" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "history_kind_at_idx" ON "history" USING btree ("kind","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "history_actor_at_idx" ON "history" USING btree ("actor","at" DESC NULLS FIRST);
ALTER TABLE "annonces" ADD COLUMN "validated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "retention_archived_applications_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "retention_contact_messages_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "retention_pending_ads_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "retention_validated_ads_months" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "retention_history_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
UPDATE "annonces" SET "validated_at" = "created_at" WHERE "statut" = 'validé';
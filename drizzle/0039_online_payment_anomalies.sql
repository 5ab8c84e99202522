ALTER TABLE "gardener_fees" ADD COLUMN "online_anomaly" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "received_cents" integer;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "treated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "treated_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "treatment" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "gardener_fees" SET "online_anomaly" = coalesce(nullif(p."note", ''), 'paiement HelloAsso à vérifier') FROM "online_payments" p WHERE p."fee_id" = "gardener_fees"."id" AND p."state" = 'anomalie';
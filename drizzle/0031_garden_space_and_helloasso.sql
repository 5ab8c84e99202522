CREATE TYPE "public"."online_payment_state" AS ENUM('en_cours', 'payee', 'abandonnee', 'refusee', 'remboursee', 'anomalie');--> statement-breakpoint
CREATE TABLE "gardener_links" (
	"hash" text PRIMARY KEY NOT NULL,
	"gardener_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"new_email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gardener_links_purpose" CHECK ("gardener_links"."purpose" in ('connexion', 'adresse'))
);
--> statement-breakpoint
CREATE TABLE "gardener_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"gardener_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helloasso_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_type" text DEFAULT '' NOT NULL,
	"checkout_intent_id" integer,
	"order_id" integer,
	"claimed_cents" integer,
	"online_payment_id" integer,
	"outcome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helloasso_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"environment" text DEFAULT 'sandbox' NOT NULL,
	"organization_slug" text DEFAULT '' NOT NULL,
	"client_id" text DEFAULT '' NOT NULL,
	"client_secret_sealed" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	CONSTRAINT "helloasso_settings_single" CHECK ("helloasso_settings"."id" = 1),
	CONSTRAINT "helloasso_settings_environment" CHECK ("helloasso_settings"."environment" in ('sandbox', 'production'))
);
--> statement-breakpoint
CREATE TABLE "online_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_intent_id" integer,
	"environment" text NOT NULL,
	"fee_id" integer,
	"gardener_id" integer,
	"amount_cents" integer NOT NULL,
	"item_name" text NOT NULL,
	"state" "online_payment_state" DEFAULT 'en_cours' NOT NULL,
	"order_id" integer,
	"payment_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_payments_amount" CHECK ("online_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "gardener_payments" ADD COLUMN "reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "gardener_links" ADD CONSTRAINT "gardener_links_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gardener_sessions" ADD CONSTRAINT "gardener_sessions_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helloasso_notifications" ADD CONSTRAINT "helloasso_notifications_online_payment_id_online_payments_id_fk" FOREIGN KEY ("online_payment_id") REFERENCES "public"."online_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_fee_id_gardener_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."gardener_fees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_payment_id_gardener_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."gardener_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gardener_links_gardener_idx" ON "gardener_links" USING btree ("gardener_id");--> statement-breakpoint
CREATE INDEX "gardener_links_expires_idx" ON "gardener_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "gardener_sessions_gardener_idx" ON "gardener_sessions" USING btree ("gardener_id");--> statement-breakpoint
CREATE INDEX "helloasso_notifications_at_idx" ON "helloasso_notifications" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "helloasso_notifications_payment_idx" ON "helloasso_notifications" USING btree ("online_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_payments_intent_idx" ON "online_payments" USING btree ("environment","checkout_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "online_payments_payment_idx" ON "online_payments" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "online_payments_fee_idx" ON "online_payments" USING btree ("fee_id");--> statement-breakpoint
CREATE INDEX "online_payments_gardener_idx" ON "online_payments" USING btree ("gardener_id");--> statement-breakpoint
CREATE INDEX "online_payments_pending_idx" ON "online_payments" USING btree ("state","created_at");
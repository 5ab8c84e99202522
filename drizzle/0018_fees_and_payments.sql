CREATE TYPE "public"."fee_status" AS ENUM('open', 'waived', 'cancelled');--> statement-breakpoint
CREATE TABLE "fee_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"gardener_id" integer,
	"plot_id" integer,
	"amount_cents" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_rates_one" CHECK (("fee_rates"."gardener_id" is null) <> ("fee_rates"."plot_id" is null) and "fee_rates"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gardener_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"gardener_id" integer,
	"year" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"waived_cents" integer DEFAULT 0 NOT NULL,
	"due_on" date NOT NULL,
	"status" "fee_status" DEFAULT 'open' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"rate" text DEFAULT '' NOT NULL,
	"called_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gardener_fees_amount" CHECK ("gardener_fees"."amount_cents" >= 0 and "gardener_fees"."waived_cents" between 0 and "gardener_fees"."amount_cents")
);
--> statement-breakpoint
DROP INDEX "gardener_payments_fee_idx";--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "fee_iban" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "fee_bic" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "fee_helloasso_url" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "fee_cheque_order" text;--> statement-breakpoint
ALTER TABLE "fee_calls" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "gardener_payments" ADD COLUMN "fee_id" integer;--> statement-breakpoint
ALTER TABLE "fee_rates" ADD CONSTRAINT "fee_rates_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rates" ADD CONSTRAINT "fee_rates_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gardener_fees" ADD CONSTRAINT "gardener_fees_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_rates_gardener_idx" ON "fee_rates" USING btree ("gardener_id") WHERE "fee_rates"."gardener_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_rates_plot_idx" ON "fee_rates" USING btree ("plot_id") WHERE "fee_rates"."plot_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gardener_fees_gardener_year_idx" ON "gardener_fees" USING btree ("gardener_id","year") WHERE "gardener_fees"."gardener_id" is not null;--> statement-breakpoint
CREATE INDEX "gardener_fees_year_idx" ON "gardener_fees" USING btree ("year","status");--> statement-breakpoint
ALTER TABLE "gardener_payments" ADD CONSTRAINT "gardener_payments_fee_id_gardener_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."gardener_fees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gardener_payments_fee_idx" ON "gardener_payments" USING btree ("fee_id");--> statement-breakpoint
-- Data: each fee row of gardener_payments becomes a fee (same id, what was recorded as called), its payment (if
-- paid) stays as a payment linked to it; an unpaid one leaves no payment. Due a month after the call.
INSERT INTO "gardener_fees" ("id", "gardener_id", "year", "amount_cents", "due_on", "rate", "called_at", "reminded_at", "created_at")
SELECT "id", "gardener_id", "year", "amount_cents", (coalesce("called_at", "created_at") AT TIME ZONE 'Europe/Paris')::date + 30,
  '', "called_at", "reminded_at", "created_at"
FROM "gardener_payments" WHERE "kind" = 'cotisation';--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('gardener_fees', 'id'), coalesce((SELECT max("id") FROM "gardener_fees"), 0) + 1, false);--> statement-breakpoint
UPDATE "gardener_payments" SET "fee_id" = "id" WHERE "kind" = 'cotisation';--> statement-breakpoint
DELETE FROM "gardener_payments" WHERE "kind" = 'cotisation' AND "paid_on" IS NULL;--> statement-breakpoint
UPDATE "fee_calls" SET "due_on" = ("called_at" AT TIME ZONE 'Europe/Paris')::date + 30;--> statement-breakpoint
ALTER TABLE "gardener_payments" DROP COLUMN "called_at";--> statement-breakpoint
ALTER TABLE "gardener_payments" DROP COLUMN "reminded_at";
CREATE TYPE "public"."inspection_result" AS ENUM('conforme', 'avertissement');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('cotisation', 'droit_entree', 'reprise_cabane');--> statement-breakpoint
CREATE TYPE "public"."plot_kind" AS ENUM('familiale', 'partagee');--> statement-breakpoint
CREATE TYPE "public"."plot_state" AS ENUM('libre', 'attribuee', 'reservee', 'remise_en_etat');--> statement-breakpoint
CREATE TABLE "fee_calls" (
	"year" smallint PRIMARY KEY NOT NULL,
	"small_cents" integer NOT NULL,
	"medium_cents" integer NOT NULL,
	"large_cents" integer NOT NULL,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL,
	"called_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "garden_sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"town" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"access_notes" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gardener_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"gardener_id" integer,
	"kind" "payment_kind" NOT NULL,
	"year" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_on" date,
	"means" text,
	"called_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gardener_payments_amount" CHECK ("gardener_payments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gardeners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"landline" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"notes" text DEFAULT '' NOT NULL,
	"application_id" integer,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"plot_id" integer NOT NULL,
	"gardener_id" integer,
	"result" "inspection_result" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"mail_queued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inspection_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"date" date NOT NULL,
	"inspector" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plot_holdings" (
	"id" serial PRIMARY KEY NOT NULL,
	"plot_id" integer NOT NULL,
	"gardener_id" integer,
	"start_date" date NOT NULL,
	"end_date" date
);
--> statement-breakpoint
CREATE TABLE "plots" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"number" integer NOT NULL,
	"area" integer NOT NULL,
	"kind" "plot_kind" DEFAULT 'familiale' NOT NULL,
	"cabin_value" integer,
	"state" "plot_state" DEFAULT 'libre' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plots_area_positive" CHECK ("plots"."area" > 0),
	CONSTRAINT "plots_cabin_value" CHECK ("plots"."cabin_value" is null or "plots"."cabin_value" between 0 and 300)
);
--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "retention_gardeners_years" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "retention_payments_years" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "plot_allotment_mail" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "plot_warning_mail" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "fee_payment_instructions" text;--> statement-breakpoint
ALTER TABLE "gardener_payments" ADD CONSTRAINT "gardener_payments_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gardeners" ADD CONSTRAINT "gardeners_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_marks" ADD CONSTRAINT "inspection_marks_round_id_inspection_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."inspection_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_marks" ADD CONSTRAINT "inspection_marks_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_marks" ADD CONSTRAINT "inspection_marks_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_rounds" ADD CONSTRAINT "inspection_rounds_site_id_garden_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."garden_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_holdings" ADD CONSTRAINT "plot_holdings_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_holdings" ADD CONSTRAINT "plot_holdings_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plots" ADD CONSTRAINT "plots_site_id_garden_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."garden_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "garden_sites_name_idx" ON "garden_sites" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "gardener_payments_fee_idx" ON "gardener_payments" USING btree ("gardener_id","year") WHERE "gardener_payments"."kind" = 'cotisation' and "gardener_payments"."gardener_id" is not null;--> statement-breakpoint
CREATE INDEX "gardener_payments_year_idx" ON "gardener_payments" USING btree ("kind","year");--> statement-breakpoint
CREATE INDEX "gardeners_name_idx" ON "gardeners" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "gardeners_email_idx" ON "gardeners" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "gardeners_application_idx" ON "gardeners" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_marks_round_plot_idx" ON "inspection_marks" USING btree ("round_id","plot_id");--> statement-breakpoint
CREATE INDEX "inspection_marks_gardener_idx" ON "inspection_marks" USING btree ("gardener_id","result");--> statement-breakpoint
CREATE INDEX "inspection_marks_plot_idx" ON "inspection_marks" USING btree ("plot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_rounds_site_date_idx" ON "inspection_rounds" USING btree ("site_id","date" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "plot_holdings_current_idx" ON "plot_holdings" USING btree ("plot_id") WHERE "plot_holdings"."end_date" is null;--> statement-breakpoint
CREATE INDEX "plot_holdings_gardener_idx" ON "plot_holdings" USING btree ("gardener_id");--> statement-breakpoint
CREATE INDEX "plot_holdings_plot_idx" ON "plot_holdings" USING btree ("plot_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "plots_site_number_idx" ON "plots" USING btree ("site_id","number");--> statement-breakpoint
CREATE INDEX "plots_state_idx" ON "plots" USING btree ("state");--> statement-breakpoint
-- The home page counts the plots: a change to them moves the version the page cache compares.
CREATE TRIGGER "plots_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plots" FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"();

CREATE TABLE "bounced_cheques" (
	"id" serial PRIMARY KEY NOT NULL,
	"gardener_id" integer,
	"fee_id" integer,
	"kind" "payment_kind" NOT NULL,
	"year" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_on" date NOT NULL,
	"cheque_number" text DEFAULT '' NOT NULL,
	"deposited_on" date NOT NULL,
	"bounced_on" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"receipt_number" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"reversal_entry_id" integer,
	"recorded_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bounced_cheques_amount" CHECK ("bounced_cheques"."amount_cents" > 0),
	CONSTRAINT "bounced_cheques_dates" CHECK ("bounced_cheques"."bounced_on" >= "bounced_cheques"."deposited_on")
);
--> statement-breakpoint
ALTER TABLE "bounced_cheques" ADD CONSTRAINT "bounced_cheques_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounced_cheques" ADD CONSTRAINT "bounced_cheques_fee_id_gardener_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."gardener_fees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounced_cheques" ADD CONSTRAINT "bounced_cheques_entry_id_treasury_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."treasury_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bounced_cheques" ADD CONSTRAINT "bounced_cheques_reversal_entry_id_treasury_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."treasury_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bounced_cheques_gardener_idx" ON "bounced_cheques" USING btree ("gardener_id");--> statement-breakpoint
CREATE INDEX "bounced_cheques_fee_idx" ON "bounced_cheques" USING btree ("fee_id");
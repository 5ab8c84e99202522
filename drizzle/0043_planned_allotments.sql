CREATE TABLE "planned_allotments" (
	"id" serial PRIMARY KEY NOT NULL,
	"plot_id" integer NOT NULL,
	"application_id" integer,
	"gardener_id" integer,
	"start_date" date NOT NULL,
	"welcome_sent_at" timestamp with time zone,
	"problem" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planned_allotments_who" CHECK (("planned_allotments"."application_id" is null) <> ("planned_allotments"."gardener_id" is null))
);
--> statement-breakpoint
ALTER TABLE "planned_allotments" ADD CONSTRAINT "planned_allotments_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_allotments" ADD CONSTRAINT "planned_allotments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_allotments" ADD CONSTRAINT "planned_allotments_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "planned_allotments_plot_idx" ON "planned_allotments" USING btree ("plot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planned_allotments_application_idx" ON "planned_allotments" USING btree ("application_id") WHERE "planned_allotments"."application_id" is not null;--> statement-breakpoint
CREATE INDEX "planned_allotments_gardener_idx" ON "planned_allotments" USING btree ("gardener_id");--> statement-breakpoint
CREATE INDEX "planned_allotments_start_idx" ON "planned_allotments" USING btree ("start_date");
CREATE TABLE "admin_sites" (
	"admin_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	CONSTRAINT "admin_sites_admin_id_site_id_pk" PRIMARY KEY("admin_id","site_id")
);
--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD COLUMN "role" text DEFAULT 'administrateur' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD COLUMN "site_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "role" text DEFAULT 'administrateur' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sites" ADD CONSTRAINT "admin_sites_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sites" ADD CONSTRAINT "admin_sites_site_id_garden_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."garden_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sites_site_idx" ON "admin_sites" USING btree ("site_id");--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_role_known" CHECK ("admins"."role" in ('administrateur', 'tresorier', 'referent', 'redacteur'));
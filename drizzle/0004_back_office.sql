ALTER TABLE "admins" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "annonces" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "editeurnom" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "editeuradresse" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "editeurnumero" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "directeurpublication" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "hebergeurnom" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "hebergeuradresse" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "hebergeurtelephone" text;--> statement-breakpoint
ALTER TABLE "association_content" ADD COLUMN "tribunal" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;
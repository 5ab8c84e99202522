CREATE TYPE "public"."treasury_account_kind" AS ENUM('banque', 'caisse', 'epargne');--> statement-breakpoint
CREATE TYPE "public"."treasury_direction" AS ENUM('recette', 'depense', 'virement');--> statement-breakpoint
CREATE TYPE "public"."treasury_means" AS ENUM('cheque', 'virement', 'especes', 'carte', 'helloasso', 'prelevement', 'autre');--> statement-breakpoint
CREATE TABLE "treasury_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" "treasury_account_kind" NOT NULL,
	"code" text NOT NULL,
	"opening_cents" integer DEFAULT 0 NOT NULL,
	"opening_year" smallint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasury_budget_lines" (
	"year" smallint NOT NULL,
	"category_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "treasury_budget_lines_year_category_id_pk" PRIMARY KEY("year","category_id"),
	CONSTRAINT "treasury_budget_lines_amount" CHECK ("treasury_budget_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "treasury_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"direction" "treasury_direction" NOT NULL,
	"parent_id" integer,
	"built_in" boolean DEFAULT false NOT NULL,
	CONSTRAINT "treasury_categories_code" CHECK ("treasury_categories"."code" ~ '^[0-9]{2,8}$'),
	CONSTRAINT "treasury_categories_direction" CHECK ("treasury_categories"."direction" <> 'virement')
);
--> statement-breakpoint
CREATE TABLE "treasury_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"deposited_on" date NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasury_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"date" date NOT NULL,
	"label" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"direction" "treasury_direction" NOT NULL,
	"account_id" integer NOT NULL,
	"to_account_id" integer,
	"category_id" integer,
	"means" "treasury_means" NOT NULL,
	"cheque_number" text DEFAULT '' NOT NULL,
	"cheque_bank" text DEFAULT '' NOT NULL,
	"payer" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"attachment_hash" text,
	"attachment_format" "document_format",
	"payment_id" integer,
	"gardener_id" integer,
	"deposit_id" integer,
	"statement_id" integer,
	"entered_by" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treasury_entries_amount" CHECK ("treasury_entries"."amount_cents" > 0),
	CONSTRAINT "treasury_entries_year" CHECK ("treasury_entries"."year" = extract(year from "treasury_entries"."date")),
	CONSTRAINT "treasury_entries_transfer" CHECK (("treasury_entries"."direction" = 'virement') = ("treasury_entries"."to_account_id" is not null and "treasury_entries"."category_id" is null)),
	CONSTRAINT "treasury_entries_transfer_accounts" CHECK ("treasury_entries"."to_account_id" is null or "treasury_entries"."to_account_id" <> "treasury_entries"."account_id")
);
--> statement-breakpoint
CREATE TABLE "treasury_receipt_numbers" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasury_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"number" integer NOT NULL,
	"entry_id" integer,
	"gardener_id" integer,
	"payer_name" text DEFAULT '' NOT NULL,
	"amount_cents" integer NOT NULL,
	"hash" text,
	"bytes" integer DEFAULT 0 NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "treasury_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"siret" text DEFAULT '' NOT NULL,
	"signatory" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	CONSTRAINT "treasury_settings_single" CHECK ("treasury_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "treasury_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"statement_date" date NOT NULL,
	"balance_cents" integer NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "treasury_years" (
	"year" smallint PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text DEFAULT '' NOT NULL,
	"volunteer_hours" integer DEFAULT 0 NOT NULL,
	"volunteer_hour_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "treasury_budget_lines" ADD CONSTRAINT "treasury_budget_lines_category_id_treasury_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."treasury_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_categories" ADD CONSTRAINT "treasury_categories_parent_id_treasury_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."treasury_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_deposits" ADD CONSTRAINT "treasury_deposits_account_id_treasury_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."treasury_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_entries" ADD CONSTRAINT "treasury_entries_account_id_treasury_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."treasury_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_entries" ADD CONSTRAINT "treasury_entries_to_account_id_treasury_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."treasury_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_entries" ADD CONSTRAINT "treasury_entries_category_id_treasury_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."treasury_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_entries" ADD CONSTRAINT "treasury_entries_payment_id_gardener_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."gardener_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_entries" ADD CONSTRAINT "treasury_entries_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_entries" ADD CONSTRAINT "treasury_entries_deposit_id_treasury_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."treasury_deposits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_entries" ADD CONSTRAINT "treasury_entries_statement_id_treasury_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."treasury_statements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_receipts" ADD CONSTRAINT "treasury_receipts_entry_id_treasury_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."treasury_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_receipts" ADD CONSTRAINT "treasury_receipts_gardener_id_gardeners_id_fk" FOREIGN KEY ("gardener_id") REFERENCES "public"."gardeners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_statements" ADD CONSTRAINT "treasury_statements_account_id_treasury_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."treasury_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_accounts_name_idx" ON "treasury_accounts" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_categories_code_idx" ON "treasury_categories" USING btree ("code");--> statement-breakpoint
CREATE INDEX "treasury_deposits_account_idx" ON "treasury_deposits" USING btree ("account_id","deposited_on");--> statement-breakpoint
CREATE INDEX "treasury_entries_year_idx" ON "treasury_entries" USING btree ("year","date","id");--> statement-breakpoint
CREATE INDEX "treasury_entries_account_idx" ON "treasury_entries" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "treasury_entries_to_account_idx" ON "treasury_entries" USING btree ("to_account_id");--> statement-breakpoint
CREATE INDEX "treasury_entries_category_idx" ON "treasury_entries" USING btree ("category_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_entries_payment_idx" ON "treasury_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "treasury_entries_gardener_idx" ON "treasury_entries" USING btree ("gardener_id");--> statement-breakpoint
CREATE INDEX "treasury_entries_deposit_idx" ON "treasury_entries" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "treasury_entries_statement_idx" ON "treasury_entries" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "treasury_entries_attachment_idx" ON "treasury_entries" USING btree ("attachment_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_receipts_number_idx" ON "treasury_receipts" USING btree ("year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_receipts_entry_idx" ON "treasury_receipts" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "treasury_receipts_gardener_idx" ON "treasury_receipts" USING btree ("gardener_id");--> statement-breakpoint
CREATE INDEX "treasury_receipts_hash_idx" ON "treasury_receipts" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "treasury_statements_account_idx" ON "treasury_statements" USING btree ("account_id","statement_date");--> statement-breakpoint
INSERT INTO "treasury_categories" ("code", "label", "direction", "built_in") VALUES
  ('60', 'Achats', 'depense', true),
  ('61', 'Services extérieurs', 'depense', true),
  ('62', 'Autres services extérieurs', 'depense', true),
  ('63', 'Impôts et taxes', 'depense', true),
  ('65', 'Autres charges de gestion courante', 'depense', true),
  ('66', 'Charges financières', 'depense', true),
  ('67', 'Charges exceptionnelles', 'depense', true),
  ('70', 'Ventes et prestations', 'recette', true),
  ('74', 'Subventions d''exploitation', 'recette', true),
  ('75', 'Autres produits de gestion courante', 'recette', true),
  ('76', 'Produits financiers', 'recette', true),
  ('77', 'Produits exceptionnels', 'recette', true);
--> statement-breakpoint
INSERT INTO "treasury_categories" ("code", "label", "direction", "built_in", "parent_id")
SELECT c.code, c.label, p.direction, true, p.id
FROM (VALUES
  ('604', 'Prestations de services achetées', '60'),
  ('606', 'Achats non stockés (semences, plants, outillage)', '60'),
  ('613', 'Locations', '61'),
  ('614', 'Charges locatives', '61'),
  ('615', 'Entretien et réparations', '61'),
  ('616', 'Assurances', '61'),
  ('618', 'Documentation et formations', '61'),
  ('622', 'Honoraires', '62'),
  ('623', 'Publicité et publications', '62'),
  ('625', 'Déplacements et réceptions', '62'),
  ('626', 'Frais postaux et télécommunications', '62'),
  ('627', 'Services bancaires', '62'),
  ('628', 'Cotisations versées (fédération)', '62'),
  ('635', 'Impôts et taxes', '63'),
  ('658', 'Charges diverses de gestion courante', '65'),
  ('661', 'Intérêts et frais financiers', '66'),
  ('671', 'Charges exceptionnelles', '67'),
  ('706', 'Prestations de services (ateliers, sorties)', '70'),
  ('707', 'Ventes de marchandises (plants, graines)', '70'),
  ('708', 'Produits des activités annexes', '70'),
  ('741', 'Subventions de l''État', '74'),
  ('742', 'Subventions de la région', '74'),
  ('743', 'Subventions du département', '74'),
  ('744', 'Subventions de la commune et de la métropole', '74'),
  ('754', 'Dons et mécénat', '75'),
  ('756', 'Cotisations', '75'),
  ('758', 'Produits divers de gestion courante', '75'),
  ('768', 'Intérêts de l''épargne', '76'),
  ('771', 'Produits exceptionnels', '77')
) AS c(code, label, parent)
JOIN "treasury_categories" p ON p.code = c.parent;
--> statement-breakpoint
INSERT INTO "treasury_categories" ("code", "label", "direction", "built_in", "parent_id")
SELECT c.code, c.label, p.direction, true, p.id
FROM (VALUES
  ('6061', 'Eau et énergie', '606'),
  ('6063', 'Outillage et petit équipement', '606'),
  ('6064', 'Fournitures de bureau', '606'),
  ('6068', 'Semences, plants et terreau', '606'),
  ('7088', 'Reprises de cabanes', '708'),
  ('7541', 'Dons manuels', '754'),
  ('7562', 'Budgets d''entrée des nouveaux jardiniers', '756')
) AS c(code, label, parent)
JOIN "treasury_categories" p ON p.code = c.parent;
--> statement-breakpoint
-- The register's payments recorded before the book get their entries, in a bank account and the cash box (renamed and
-- given their opening balance by the bureau).
INSERT INTO "treasury_accounts" ("name", "kind", "code", "opening_year", "position")
SELECT a.name, a.kind::"treasury_account_kind", a.code,
  coalesce((SELECT min(extract(year FROM "paid_on"))::smallint FROM "gardener_payments" WHERE "paid_on" IS NOT NULL),
    extract(year FROM now())::smallint),
  a.position
FROM (VALUES ('Compte courant', 'banque', '512', 0), ('Caisse', 'caisse', '530', 1)) AS a(name, kind, code, position);
--> statement-breakpoint
INSERT INTO "treasury_entries" ("year", "date", "label", "amount_cents", "direction", "account_id", "category_id",
  "means", "payer", "payment_id", "gardener_id", "entered_by", "is_demo")
SELECT extract(year FROM p."paid_on")::smallint, p."paid_on",
  CASE p."kind" WHEN 'cotisation' THEN 'Cotisation ' || p."year" WHEN 'droit_entree' THEN 'Budget d''entrée'
    ELSE 'Reprise de cabane' END,
  p."amount_cents", 'recette',
  (SELECT id FROM "treasury_accounts" WHERE "kind" = CASE WHEN p."means" = 'especes' THEN 'caisse' ELSE 'banque' END::"treasury_account_kind" ORDER BY id LIMIT 1),
  (SELECT id FROM "treasury_categories" WHERE "code" = CASE p."kind" WHEN 'cotisation' THEN '756'
    WHEN 'droit_entree' THEN '7562' ELSE '7088' END),
  CASE WHEN p."means" IN ('cheque', 'virement', 'especes', 'helloasso') THEN p."means" ELSE 'autre' END::"treasury_means",
  coalesce(g."name", ''), p."id", p."gardener_id", 'registre', coalesce(g."is_demo", false)
FROM "gardener_payments" p LEFT JOIN "gardeners" g ON g."id" = p."gardener_id"
WHERE p."paid_on" IS NOT NULL AND p."amount_cents" > 0;

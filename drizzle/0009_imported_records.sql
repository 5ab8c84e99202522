CREATE TABLE "imported_records" (
	"source_table" text NOT NULL,
	"source_key" text NOT NULL,
	"record_id" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_records_source_table_source_key_pk" PRIMARY KEY("source_table","source_key")
);

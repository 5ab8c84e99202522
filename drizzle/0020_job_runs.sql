CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);

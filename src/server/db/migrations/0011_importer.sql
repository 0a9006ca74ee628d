CREATE TABLE "import_job_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"line" integer NOT NULL,
	"column" text NOT NULL,
	"value" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"mode" text NOT NULL,
	"state" text NOT NULL,
	"started_by" text NOT NULL,
	"file_name" text NOT NULL,
	"file_bytes" bigint NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_created" integer DEFAULT 0 NOT NULL,
	"rows_updated" integer DEFAULT 0 NOT NULL,
	"rows_unchanged" integer DEFAULT 0 NOT NULL,
	"rows_failed" integer DEFAULT 0 NOT NULL,
	"progress_rows" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "import_job_errors" ADD CONSTRAINT "import_job_errors_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_job_errors_job_idx" ON "import_job_errors" USING btree ("job_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_one_running_per_entity" ON "import_jobs" USING btree ("entity") WHERE state in ('queued', 'validating', 'applying');--> statement-breakpoint
CREATE INDEX "import_jobs_created_at_idx" ON "import_jobs" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_code_unique" UNIQUE("code");
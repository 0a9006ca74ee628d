CREATE TABLE "catalogue_changes" (
	"revision" bigint PRIMARY KEY NOT NULL,
	"change" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_changes_created_at_idx" ON "catalogue_changes" USING btree ("created_at");
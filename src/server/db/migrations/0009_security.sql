ALTER TABLE "uploads" ADD COLUMN "verified_etag" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "accepted_at" timestamp with time zone;
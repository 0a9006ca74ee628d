ALTER TABLE "warehouses" ADD COLUMN "dispatch_cutoff" text DEFAULT '14:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "transit_days" integer DEFAULT 2 NOT NULL;
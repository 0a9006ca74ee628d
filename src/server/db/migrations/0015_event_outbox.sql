CREATE TABLE "outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"schema_version" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"subject" text NOT NULL,
	"data" jsonb NOT NULL,
	"transaction_id" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_events_occurred_at_idx" ON "outbox_events" USING btree ("occurred_at");
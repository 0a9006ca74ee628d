CREATE SEQUENCE "public"."catalogue_revision" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "verified_etag" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_released_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refresh_tokens_family" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "orders_status_reserved_until_idx" ON "orders" USING btree ("status","reserved_until");--> statement-breakpoint
-- Card and PayPal orders awaiting payment are now PendingPayment (docs/checkout.md).
UPDATE "orders" SET "status" = 'PendingPayment' WHERE "status" = 'AwaitingPayment';
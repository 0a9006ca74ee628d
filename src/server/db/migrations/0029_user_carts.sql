ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_account_id_carts_account_id_fk";
--> statement-breakpoint
ALTER TABLE "carts" DROP CONSTRAINT "carts_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "checkout_selections" DROP CONSTRAINT "checkout_selections_account_id_carts_account_id_fk";
--> statement-breakpoint
DROP INDEX "cart_items_account_idx";--> statement-breakpoint
DROP INDEX "orders_account_cart_revision_unique";--> statement-breakpoint
DROP INDEX "orders_account_idempotency_unique";--> statement-breakpoint
-- An account's cart goes to its first user (the lowest user id) with its revision; one without users goes.
ALTER TABLE "carts" ADD COLUMN "user_id" integer;--> statement-breakpoint
UPDATE "carts" SET "user_id" = (SELECT min("users"."id") FROM "users" WHERE "users"."account_id" = "carts"."account_id");--> statement-breakpoint
DELETE FROM "carts" WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "user_id" integer;--> statement-breakpoint
UPDATE "cart_items" SET "user_id" = "carts"."user_id" FROM "carts" WHERE "carts"."account_id" = "cart_items"."account_id";--> statement-breakpoint
DELETE FROM "cart_items" WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_selections" ADD COLUMN "user_id" integer;--> statement-breakpoint
UPDATE "checkout_selections" SET "user_id" = "carts"."user_id" FROM "carts" WHERE "carts"."account_id" = "checkout_selections"."account_id";--> statement-breakpoint
DELETE FROM "checkout_selections" WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "checkout_selections" DROP CONSTRAINT "checkout_selections_pkey";--> statement-breakpoint
ALTER TABLE "checkout_selections" DROP COLUMN "account_id";--> statement-breakpoint
ALTER TABLE "checkout_selections" ADD PRIMARY KEY ("user_id");--> statement-breakpoint
ALTER TABLE "carts" DROP CONSTRAINT "carts_pkey";--> statement-breakpoint
ALTER TABLE "carts" DROP COLUMN "account_id";--> statement-breakpoint
ALTER TABLE "carts" ADD PRIMARY KEY ("user_id");--> statement-breakpoint
ALTER TABLE "cart_items" DROP COLUMN "account_id";--> statement-breakpoint
-- Every other user who placed orders starts past their revisions, so no old order reads as made from the new cart.
INSERT INTO "carts" ("user_id", "revision") SELECT "user_id", max("cart_revision") + 1 FROM "orders" WHERE "user_id" IS NOT NULL AND "user_id" NOT IN (SELECT "user_id" FROM "carts") GROUP BY "user_id";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_carts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."carts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_selections" ADD CONSTRAINT "checkout_selections_user_id_carts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."carts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_user_idx" ON "cart_items" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_cart_revision_unique" ON "orders" USING btree ("user_id","cart_revision");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_unique" ON "orders" USING btree ("user_id","idempotency_key");

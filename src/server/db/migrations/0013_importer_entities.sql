CREATE TABLE "customer_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"price_cents" integer NOT NULL,
	CONSTRAINT "customer_prices_natural_key" UNIQUE NULLS NOT DISTINCT("account_id","product_id","min_quantity","valid_from"),
	CONSTRAINT "customer_prices_price_cents_non_negative" CHECK ("customer_prices"."price_cents" >= 0),
	CONSTRAINT "customer_prices_min_quantity_positive" CHECK ("customer_prices"."min_quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "product_stock" ADD COLUMN "on_order_expected_on" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "picture_blob" text;--> statement-breakpoint
ALTER TABLE "customer_prices" ADD CONSTRAINT "customer_prices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_prices" ADD CONSTRAINT "customer_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_prices_product_idx" ON "customer_prices" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_natural_key" UNIQUE("make_id","model","series");
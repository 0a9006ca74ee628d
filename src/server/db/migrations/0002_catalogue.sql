CREATE TABLE "account_discount_tiers" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"tier_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_tier_rates" (
	"tier_id" integer NOT NULL,
	"brand" text NOT NULL,
	"discount_basis_points" integer NOT NULL,
	CONSTRAINT "discount_tier_rates_tier_id_brand_pk" PRIMARY KEY("tier_id","brand")
);
--> statement-breakpoint
CREATE TABLE "discount_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "discount_tiers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "merchandise" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"specs" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchandise_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "merchandise_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_promotions" (
	"product_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	CONSTRAINT "product_promotions_product_id_promotion_id_pk" PRIMARY KEY("product_id","promotion_id")
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"on_order_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_stock_product_id_warehouse_id_pk" PRIMARY KEY("product_id","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sku" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"rrp_cents" integer NOT NULL,
	"trade_cents" integer NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"cashback_cents" integer,
	"buy_quantity" integer,
	"free_quantity" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tyres" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"pattern" text NOT NULL,
	"size_prefix" text,
	"width" integer NOT NULL,
	"profile" integer NOT NULL,
	"diameter" integer NOT NULL,
	"load_rating" text NOT NULL,
	"speed_rating" text NOT NULL,
	"category" text NOT NULL,
	"season" text NOT NULL,
	"run_flat" boolean DEFAULT false NOT NULL,
	"extra_load" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_makes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "vehicle_makes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "vehicle_tyre_sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"width" integer NOT NULL,
	"profile" integer NOT NULL,
	"diameter" integer NOT NULL,
	"rear_width" integer,
	"rear_profile" integer,
	"rear_diameter" integer,
	"is_original" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"make_id" integer NOT NULL,
	"model" text NOT NULL,
	"series" text NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer,
	"pcd" text NOT NULL,
	"centre_bore" numeric(5, 1) NOT NULL,
	"thread" text NOT NULL,
	"fastener" text NOT NULL,
	"offset_min" integer NOT NULL,
	"offset_max" integer NOT NULL,
	"diameter_min" integer NOT NULL,
	"diameter_max" integer NOT NULL,
	"width_min" numeric(4, 1) NOT NULL,
	"width_max" numeric(4, 1) NOT NULL,
	"has_tpms" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"state" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "warehouses_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "wheels" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"design" text NOT NULL,
	"colour" text NOT NULL,
	"performance" text NOT NULL,
	"size" integer NOT NULL,
	"width" numeric(4, 1) NOT NULL,
	"pcds" text[] NOT NULL,
	"offset" integer NOT NULL,
	"centre_bore" numeric(5, 1) NOT NULL,
	"seat" text NOT NULL,
	"spokes" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_discount_tiers" ADD CONSTRAINT "account_discount_tiers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_discount_tiers" ADD CONSTRAINT "account_discount_tiers_tier_id_discount_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."discount_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_tier_rates" ADD CONSTRAINT "discount_tier_rates_tier_id_discount_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."discount_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise" ADD CONSTRAINT "merchandise_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise" ADD CONSTRAINT "merchandise_category_id_merchandise_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."merchandise_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_promotions" ADD CONSTRAINT "product_promotions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_promotions" ADD CONSTRAINT "product_promotions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyres" ADD CONSTRAINT "tyres_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_tyre_sizes" ADD CONSTRAINT "vehicle_tyre_sizes_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_make_id_vehicle_makes_id_fk" FOREIGN KEY ("make_id") REFERENCES "public"."vehicle_makes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wheels" ADD CONSTRAINT "wheels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_kind_idx" ON "products" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "tyres_size_idx" ON "tyres" USING btree ("diameter","width","profile");--> statement-breakpoint
CREATE INDEX "wheels_size_idx" ON "wheels" USING btree ("size","width");
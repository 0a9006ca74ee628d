CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	CONSTRAINT "quote_lines_quantity_non_negative" CHECK ("quote_lines"."quantity" >= 0),
	CONSTRAINT "quote_lines_unit_cents_non_negative" CHECK ("quote_lines"."unit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_service_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	CONSTRAINT "quote_service_lines_quantity_non_negative" CHECK ("quote_service_lines"."quantity" >= 0),
	CONSTRAINT "quote_service_lines_unit_cents_non_negative" CHECK ("quote_service_lines"."unit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quote_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"trading_name" text NOT NULL,
	"abn" text NOT NULL,
	"markup_basis_points" integer,
	"fitting_cents" integer DEFAULT 0 NOT NULL,
	"balancing_cents" integer DEFAULT 0 NOT NULL,
	"disposal_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_settings_markup_basis_points_non_negative" CHECK ("quote_settings"."markup_basis_points" >= 0),
	CONSTRAINT "quote_settings_fitting_cents_non_negative" CHECK ("quote_settings"."fitting_cents" >= 0),
	CONSTRAINT "quote_settings_balancing_cents_non_negative" CHECK ("quote_settings"."balancing_cents" >= 0),
	CONSTRAINT "quote_settings_disposal_cents_non_negative" CHECK ("quote_settings"."disposal_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"number" integer NOT NULL,
	"created_by_user_id" integer,
	"customer_name" text NOT NULL,
	"vehicle" text DEFAULT '' NOT NULL,
	"valid_until" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_service_lines" ADD CONSTRAINT "quote_service_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_settings" ADD CONSTRAINT "quote_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quote_service_lines_quote_idx" ON "quote_service_lines" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_account_number_unique" ON "quotes" USING btree ("account_id","number");--> statement-breakpoint
CREATE INDEX "quotes_account_created_idx" ON "quotes" USING btree ("account_id","created_at");
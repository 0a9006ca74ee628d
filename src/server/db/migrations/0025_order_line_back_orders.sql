ALTER TABLE "order_lines" ADD COLUMN "back_order_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "back_order_expected_date" date;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_back_order_quantity_non_negative" CHECK ("order_lines"."back_order_quantity" >= 0);
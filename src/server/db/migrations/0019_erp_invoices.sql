CREATE TABLE "erp_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "erp_payments_amount_cents_non_negative" CHECK ("erp_payments"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "line_number" integer;--> statement-breakpoint
ALTER TABLE "erp_payments" ADD CONSTRAINT "erp_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_payments_reference_invoice_unique" ON "erp_payments" USING btree ("reference","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_invoice_line_number_unique" ON "invoice_lines" USING btree ("invoice_id","line_number");
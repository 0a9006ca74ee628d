CREATE TABLE "pit_pass_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"points" integer NOT NULL,
	"invoice_id" integer,
	CONSTRAINT "pit_pass_entries_invoice_id_unique" UNIQUE("invoice_id")
);
--> statement-breakpoint
CREATE TABLE "program_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer,
	"program" text NOT NULL,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "program_submissions_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "pit_pass_entries" ADD CONSTRAINT "pit_pass_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pit_pass_entries" ADD CONSTRAINT "pit_pass_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_submissions" ADD CONSTRAINT "program_submissions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_submissions" ADD CONSTRAINT "program_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pit_pass_entries_account_idx" ON "pit_pass_entries" USING btree ("account_id","occurred_at");--> statement-breakpoint
CREATE INDEX "program_submissions_account_idx" ON "program_submissions" USING btree ("account_id","created_at");
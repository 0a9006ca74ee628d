CREATE TABLE "integration_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "integration_keys_name_unique" UNIQUE("name"),
	CONSTRAINT "integration_keys_token_hash_unique" UNIQUE("token_hash")
);

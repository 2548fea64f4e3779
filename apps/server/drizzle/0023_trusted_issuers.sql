CREATE TABLE "trusted_issuers" (
	"identifier" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"jwks" jsonb,
	"jwks_url" text,
	"dids" jsonb NOT NULL,
	"document_types" jsonb NOT NULL,
	"origin" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);

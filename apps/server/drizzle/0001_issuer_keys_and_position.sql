CREATE TABLE "issuer_keys" (
	"issuer" text PRIMARY KEY NOT NULL,
	"did" text NOT NULL,
	"private_key_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "issuer_keys_did_unique" UNIQUE("did")
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "position" integer;
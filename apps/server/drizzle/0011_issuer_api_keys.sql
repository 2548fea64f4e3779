CREATE TABLE "issuer_api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "issuer_api_keys" ADD CONSTRAINT "issuer_api_keys_issuer_issuer_keys_issuer_fk" FOREIGN KEY ("issuer") REFERENCES "public"."issuer_keys"("issuer") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issuer_api_keys_hash_idx" ON "issuer_api_keys" USING btree ("key_hash");
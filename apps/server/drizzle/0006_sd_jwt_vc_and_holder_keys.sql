CREATE TABLE "holder_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "sd_jwt_ciphertext" text;--> statement-breakpoint
ALTER TABLE "holder_keys" ADD CONSTRAINT "holder_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
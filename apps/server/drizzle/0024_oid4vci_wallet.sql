CREATE TABLE "credential_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"credential_issuer" text NOT NULL,
	"state_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "received_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"document_type" text,
	"format" text NOT NULL,
	"credential_issuer" text NOT NULL,
	"vct" text,
	"display" jsonb NOT NULL,
	"state" text NOT NULL,
	"issued_ciphertext" text,
	"exchange_ciphertext" text,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"position" integer
);
--> statement-breakpoint
ALTER TABLE "holder_keys" ADD COLUMN "p256_public_jwk" jsonb;--> statement-breakpoint
ALTER TABLE "holder_keys" ADD COLUMN "p256_private_key_ciphertext" text;--> statement-breakpoint
ALTER TABLE "holder_keys" ADD COLUMN "p256_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credential_offers" ADD CONSTRAINT "credential_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "received_credentials" ADD CONSTRAINT "received_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credential_offers_user_idx" ON "credential_offers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "received_credentials_user_type_idx" ON "received_credentials" USING btree ("user_id","document_type");--> statement-breakpoint
CREATE INDEX "received_credentials_user_idx" ON "received_credentials" USING btree ("user_id","received_at");--> statement-breakpoint
-- The read cache (0005): a received credential is part of the holder's cached credential list.
CREATE TRIGGER received_credentials_holder_changed AFTER INSERT OR UPDATE OR DELETE ON received_credentials
  FOR EACH ROW EXECUTE FUNCTION pehchaan_notify_holder_changed();

CREATE TABLE "oid4vci_issuances" (
	"id" text PRIMARY KEY NOT NULL,
	"offer_id" text NOT NULL,
	"configuration_id" text NOT NULL,
	"holder_jwk" jsonb NOT NULL,
	"credential_ciphertext" text,
	"transaction_id_hash" text,
	"ready_at" timestamp with time zone,
	"notification_id" text NOT NULL,
	"notification_event" text,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oid4vci_nonces" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oid4vci_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"document_type" text NOT NULL,
	"configuration_ids" jsonb NOT NULL,
	"claims_ciphertext" text NOT NULL,
	"pre_authorized_code_hash" text NOT NULL,
	"pre_authorized_code_ciphertext" text NOT NULL,
	"tx_code_hash" text,
	"tx_code_failures" integer DEFAULT 0 NOT NULL,
	"deferred_seconds" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"access_token_hash" text,
	"access_token_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "oid4vci_issuances" ADD CONSTRAINT "oid4vci_issuances_offer_id_oid4vci_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."oid4vci_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oid4vci_offers" ADD CONSTRAINT "oid4vci_offers_issuer_issuer_keys_issuer_fk" FOREIGN KEY ("issuer") REFERENCES "public"."issuer_keys"("issuer") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oid4vci_issuances_offer_config_idx" ON "oid4vci_issuances" USING btree ("offer_id","configuration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oid4vci_issuances_transaction_idx" ON "oid4vci_issuances" USING btree ("transaction_id_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "oid4vci_issuances_notification_idx" ON "oid4vci_issuances" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "oid4vci_nonces_expiry_idx" ON "oid4vci_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "oid4vci_offers_code_idx" ON "oid4vci_offers" USING btree ("pre_authorized_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "oid4vci_offers_token_idx" ON "oid4vci_offers" USING btree ("access_token_hash");
ALTER TABLE "credentials" ADD COLUMN "issuer_exchange_ciphertext" text;--> statement-breakpoint
-- The issuer keeps no copy of a credential it delivered (issuer/issue-offered-credential.ts).
UPDATE "oid4vci_issuances" SET "credential_ciphertext" = NULL WHERE "delivered_at" IS NOT NULL;

ALTER TABLE "rights_requests" ADD COLUMN "erasure" jsonb;--> statement-breakpoint
ALTER TABLE "verifier_requests" ADD COLUMN "wallet_errors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "consent_receipts_presentation_idx" ON "consent_receipts" USING btree ("presentation_sha256");--> statement-breakpoint
CREATE INDEX "verifier_requests_vp_token_idx" ON "verifier_requests" USING btree ("vp_token_sha256");--> statement-breakpoint
-- An error answer or a refused presentation no longer ends a verifier request (docs/oid4vp.md
-- "The response endpoint"): requests 'declined' or 'failed' before are pending again (expired
-- when past expires_at), a wallet's error kept in wallet_errors, a refused presentation's checks dropped.
UPDATE "verifier_requests"
SET "wallet_errors" = CASE
      WHEN "error" IS NOT NULL AND "error" <> 'presentation_invalid'
        THEN jsonb_build_array(jsonb_build_object(
          'error', "error",
          'received_at', to_char(coalesce("answered_at", "created_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      ELSE '[]'::jsonb
    END,
    "status" = 'pending',
    "checks" = NULL,
    "answered_at" = NULL,
    "error" = NULL
WHERE "status" IN ('declined', 'failed');

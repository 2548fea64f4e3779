CREATE TABLE "wallet_keys" (
	"purpose" text PRIMARY KEY NOT NULL,
	"did" text NOT NULL,
	"private_key_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_keys_did_unique" UNIQUE("did")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"consent_request_id" text NOT NULL,
	"verifier_id" text NOT NULL,
	"url" text NOT NULL,
	"notice" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD COLUMN "validity_days" integer;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD COLUMN "withdrawn_by" text;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD COLUMN "uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "consent_request_id" text;--> statement-breakpoint
ALTER TABLE "verifier_requests" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifiers" ADD COLUMN "notification_url" text;--> statement-breakpoint
ALTER TABLE "withdrawal_notices" ADD CONSTRAINT "withdrawal_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_notices" ADD CONSTRAINT "withdrawal_notices_consent_request_id_consent_requests_id_fk" FOREIGN KEY ("consent_request_id") REFERENCES "public"."consent_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_notices" ADD CONSTRAINT "withdrawal_notices_verifier_id_verifiers_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."verifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_notices_consent_idx" ON "withdrawal_notices" USING btree ("consent_request_id");--> statement-breakpoint
CREATE INDEX "withdrawal_notices_due_idx" ON "withdrawal_notices" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_consent_request_id_consent_requests_id_fk" FOREIGN KEY ("consent_request_id") REFERENCES "public"."consent_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_logs_user_seq_idx" ON "activity_logs" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "consent_requests_valid_until_idx" ON "consent_requests" USING btree ("status","valid_until");--> statement-breakpoint
CREATE INDEX "presentation_requests_verifier_request_idx" ON "presentation_requests" USING btree ("verifier_request_id");--> statement-breakpoint
CREATE INDEX "shares_consent_idx" ON "shares" USING btree ("consent_request_id");
--> statement-breakpoint
-- Issue 17: every consent has a validity. Requests made before it get the verifier's registered
-- retention (OpenID4VP requests) or core's DEFAULT_CONSENT_VALIDITY_DAYS (180); consents already
-- approved run that long from their decision.
UPDATE "consent_requests" AS c SET "validity_days" = COALESCE(
  (SELECT (p."presentation"->>'retention_days')::integer FROM "presentation_requests" AS p
    WHERE p."consent_request_id" = c."id" AND jsonb_typeof(p."presentation"->'retention_days') = 'number'),
  180);
--> statement-breakpoint
UPDATE "consent_requests" SET "valid_until" = "status_updated_at" + make_interval(days => "validity_days")
  WHERE "status" = 'approved' AND "status_updated_at" IS NOT NULL;
--> statement-breakpoint
-- A notice's delivery status is part of the holder's consent list (read cache, migration 0005).
CREATE TRIGGER withdrawal_notices_holder_changed AFTER INSERT OR UPDATE OR DELETE ON withdrawal_notices
  FOR EACH ROW EXECUTE FUNCTION pehchaan_notify_holder_changed();

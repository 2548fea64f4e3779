CREATE TABLE "consent_receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"consent_request_id" text,
	"event" text NOT NULL,
	"data_fiduciary" text NOT NULL,
	"verifier_id" text,
	"verifier_request_id" text,
	"presentation_sha256" text,
	"issued_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rights_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"verifier_id" text NOT NULL,
	"kind" text NOT NULL,
	"consent_request_id" text,
	"receipt_id" text,
	"data_principal" text NOT NULL,
	"purpose" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution_note" text
);
--> statement-breakpoint
ALTER TABLE "verifier_requests" ADD COLUMN "vp_token_sha256" text;--> statement-breakpoint
ALTER TABLE "consent_receipts" ADD CONSTRAINT "consent_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_receipts" ADD CONSTRAINT "consent_receipts_consent_request_id_consent_requests_id_fk" FOREIGN KEY ("consent_request_id") REFERENCES "public"."consent_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_receipts" ADD CONSTRAINT "consent_receipts_verifier_id_verifiers_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."verifiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_receipts" ADD CONSTRAINT "consent_receipts_verifier_request_id_verifier_requests_id_fk" FOREIGN KEY ("verifier_request_id") REFERENCES "public"."verifier_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_verifier_id_verifiers_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."verifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_consent_request_id_consent_requests_id_fk" FOREIGN KEY ("consent_request_id") REFERENCES "public"."consent_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_requests" ADD CONSTRAINT "rights_requests_receipt_id_consent_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."consent_receipts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_receipts_user_idx" ON "consent_receipts" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "consent_receipts_consent_idx" ON "consent_receipts" USING btree ("consent_request_id");--> statement-breakpoint
CREATE INDEX "consent_receipts_verifier_request_idx" ON "consent_receipts" USING btree ("verifier_request_id");--> statement-breakpoint
CREATE INDEX "rights_requests_user_idx" ON "rights_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "rights_requests_verifier_idx" ON "rights_requests" USING btree ("verifier_id","created_at");
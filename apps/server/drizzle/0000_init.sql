CREATE TABLE "activity_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"last_viewed" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "consent_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"requester" text NOT NULL,
	"purpose" text NOT NULL,
	"fields" jsonb NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_updated_at" timestamp with time zone,
	"status_updated_by" text,
	"last_viewed" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"document_type" text NOT NULL,
	"document_ciphertext" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"permanent" boolean DEFAULT false NOT NULL,
	"last_viewed" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"aadhaar_hmac" text,
	"code_hmac" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"aadhaar_ciphertext" text NOT NULL,
	"aadhaar_hmac" text NOT NULL,
	"aadhaar_last4" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"gender" text NOT NULL,
	"address" text NOT NULL,
	"ckyc_number" text NOT NULL,
	"pan_number" text NOT NULL,
	"voter_id" text NOT NULL,
	"driving_license" text NOT NULL,
	"passport_number" text NOT NULL,
	"place_of_birth" text NOT NULL,
	"father_name" text NOT NULL,
	"mother_name" text NOT NULL,
	"birth_registration_number" text NOT NULL,
	"tenth_roll_number" text NOT NULL,
	"twelfth_roll_number" text NOT NULL,
	"constituency" text NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"profile_photo" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_requests" ADD CONSTRAINT "consent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_user_time_idx" ON "activity_logs" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE INDEX "consent_requests_user_idx" ON "consent_requests" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credentials_user_type_idx" ON "credentials" USING btree ("user_id","document_type");--> statement-breakpoint
CREATE INDEX "credentials_user_issued_idx" ON "credentials" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "otp_challenges_phone_idx" ON "otp_challenges" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_aadhaar_hmac_idx" ON "users" USING btree ("aadhaar_hmac");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");
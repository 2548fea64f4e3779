CREATE TABLE "presentation_requests" (
	"consent_request_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"client_id" text NOT NULL,
	"nonce" text NOT NULL,
	"request" jsonb NOT NULL,
	"presentation" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "presentation_requests" ADD CONSTRAINT "presentation_requests_consent_request_id_consent_requests_id_fk" FOREIGN KEY ("consent_request_id") REFERENCES "public"."consent_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presentation_requests" ADD CONSTRAINT "presentation_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "presentation_requests_replay_idx" ON "presentation_requests" USING btree ("user_id","client_id","nonce");
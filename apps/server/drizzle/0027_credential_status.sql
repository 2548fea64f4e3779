ALTER TABLE "credentials" ADD COLUMN "status_value" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "status_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "status_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "status_known_value" text;--> statement-breakpoint
ALTER TABLE "received_credentials" ADD COLUMN "status_value" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "received_credentials" ADD COLUMN "status_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "received_credentials" ADD COLUMN "status_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "received_credentials" ADD COLUMN "status_known_value" text;--> statement-breakpoint
CREATE INDEX "credentials_status_due_idx" ON "credentials" USING btree ("status_due_at");--> statement-breakpoint
CREATE INDEX "received_credentials_status_due_idx" ON "received_credentials" USING btree ("status_due_at");
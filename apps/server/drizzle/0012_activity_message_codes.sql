ALTER TABLE "activity_logs" ADD COLUMN "message_code" text;--> statement-breakpoint
ALTER TABLE "activity_logs" ADD COLUMN "message_params" jsonb;
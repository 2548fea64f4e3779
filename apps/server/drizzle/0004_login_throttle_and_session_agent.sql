CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"consecutive_failures" integer NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;
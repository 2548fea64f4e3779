ALTER TABLE "activity_logs" ADD COLUMN "written_by" text DEFAULT 'server' NOT NULL;--> statement-breakpoint
-- Entries of the types only the holder's app ever posted (the Add Test Log entry, and a
-- credential shared, copied or downloaded as the web app recorded them): written by the holder.
-- lib/activity-chain.ts legacyWriterOf gives the same answer, so their hashes stay valid.
UPDATE "activity_logs" SET "written_by" = 'holder' WHERE "type" IN ('test_manual', 'credential_shared', 'credential_copied', 'credential_downloaded');--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "expiry_logged_at" timestamp with time zone;--> statement-breakpoint
-- A link that ended before its expiry was ever logged is not announced months later.
UPDATE "shares" SET "expiry_logged_at" = "expires_at" WHERE "expires_at" <= now();

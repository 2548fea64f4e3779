-- DECISIONS 8: a credential's bare link can be turned off by its holder (on by default, as SPEC 2 opens
-- it); a share link shows in full only the identity numbers its holder named (none for older links).
ALTER TABLE "credentials" ADD COLUMN "public_link" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "full_values" jsonb DEFAULT '[]'::jsonb NOT NULL;
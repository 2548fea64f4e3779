CREATE TABLE "credential_statuses" (
	"credential_id" text PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"list_number" integer NOT NULL,
	"idx" integer NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_lists" (
	"issuer" text NOT NULL,
	"list_number" integer NOT NULL,
	"size" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "status_lists_issuer_list_number_pk" PRIMARY KEY("issuer","list_number")
);
--> statement-breakpoint
ALTER TABLE "oid4vci_offers" ADD COLUMN "credential_id" text;--> statement-breakpoint
ALTER TABLE "status_lists" ADD CONSTRAINT "status_lists_issuer_issuer_keys_issuer_fk" FOREIGN KEY ("issuer") REFERENCES "public"."issuer_keys"("issuer") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_statuses_list_idx" ON "credential_statuses" USING btree ("issuer","list_number","idx");--> statement-breakpoint
CREATE INDEX "credential_statuses_changed_idx" ON "credential_statuses" USING btree ("issuer","list_number","status");
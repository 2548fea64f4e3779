CREATE TABLE "verifier_api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"verifier_id" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verifier_purposes" (
	"verifier_id" text NOT NULL,
	"code" text NOT NULL,
	"text_en" text NOT NULL,
	"text_hi" text NOT NULL,
	"claims" jsonb NOT NULL,
	"retention_days" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verifier_purposes_verifier_id_code_pk" PRIMARY KEY("verifier_id","code")
);
--> statement-breakpoint
CREATE TABLE "verifier_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"verifier_id" text NOT NULL,
	"purpose_code" text NOT NULL,
	"dcql_query" jsonb NOT NULL,
	"nonce" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answered_at" timestamp with time zone,
	"claims_ciphertext" text,
	"checks" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "verifiers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"grievance_contact" text NOT NULL,
	"did" text NOT NULL,
	"private_key_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verifiers_name_unique" UNIQUE("name"),
	CONSTRAINT "verifiers_did_unique" UNIQUE("did")
);
--> statement-breakpoint
ALTER TABLE "verifier_api_keys" ADD CONSTRAINT "verifier_api_keys_verifier_id_verifiers_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."verifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifier_purposes" ADD CONSTRAINT "verifier_purposes_verifier_id_verifiers_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."verifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifier_requests" ADD CONSTRAINT "verifier_requests_verifier_id_verifiers_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."verifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verifier_api_keys_hash_idx" ON "verifier_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "verifier_requests_verifier_idx" ON "verifier_requests" USING btree ("verifier_id","created_at");
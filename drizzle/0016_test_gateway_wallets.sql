CREATE TABLE "test_gateway_wallet_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ref" text NOT NULL,
	"wallet" text NOT NULL,
	"number" text NOT NULL,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"ended_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_wallet_attempts_wallet" CHECK ("test_gateway_wallet_attempts"."wallet" in ('bkash','nagad')),
	CONSTRAINT "test_gateway_wallet_attempts_ended" CHECK ("test_gateway_wallet_attempts"."ended_by" is null or "test_gateway_wallet_attempts"."ended_by" in ('wrong-codes','declined','no-answer'))
);
--> statement-breakpoint
ALTER TABLE "test_gateway_intents" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "test_gateway_wallet_attempts" ADD CONSTRAINT "test_gateway_wallet_attempts_ref_test_gateway_intents_ref_fk" FOREIGN KEY ("ref") REFERENCES "public"."test_gateway_intents"("ref") ON DELETE no action ON UPDATE no action;
CREATE TABLE "sslcommerz_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"tran_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"refund_ref_id" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sslcommerz_refunds_status" CHECK ("sslcommerz_refunds"."status" in ('requested','processing','refunded','cancelled','failed'))
);
--> statement-breakpoint
CREATE INDEX "sslcommerz_refunds_tran_idx" ON "sslcommerz_refunds" USING btree ("tran_id");--> statement-breakpoint
CREATE INDEX "sslcommerz_refunds_created_idx" ON "sslcommerz_refunds" USING btree ("created_at");
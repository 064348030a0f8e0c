CREATE TABLE "counter_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"handed_back_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_refunds_amount" CHECK ("counter_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "counter_refunds" ADD CONSTRAINT "counter_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_refunds" ADD CONSTRAINT "counter_refunds_handed_back_by_user_id_fk" FOREIGN KEY ("handed_back_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_refunds_booking_idx" ON "counter_refunds" USING btree ("booking_id");
CREATE TABLE "counter_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"method" text NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_payments_amount" CHECK ("counter_payments"."amount_minor" > 0),
	CONSTRAINT "counter_payments_method" CHECK ("counter_payments"."method" in ('cash','card','bkash','nagad'))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_amounts";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "online_minor" integer;--> statement-breakpoint
-- Every booking made before deposits was paid in full online.
UPDATE "bookings" SET "online_minor" = "price_minor";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "online_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pay_plan" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancel_refund_minor" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "payment_policy" jsonb;--> statement-breakpoint
ALTER TABLE "counter_payments" ADD CONSTRAINT "counter_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_payments" ADD CONSTRAINT "counter_payments_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_payments_booking_idx" ON "counter_payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "counter_payments_created_idx" ON "counter_payments" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_money" CHECK ("bookings"."online_minor" between 0 and "bookings"."price_minor" and "bookings"."refunded_minor" between 0 and "bookings"."online_minor");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pay_plan" CHECK ("bookings"."pay_plan" in ('full','deposit','at-salon'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amounts" CHECK ("payments"."amount_minor" >= 0 and "payments"."refunded_minor" between 0 and "payments"."amount_minor");
ALTER TABLE "payment_events" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_cart_item_idx" ON "bookings" USING btree ("cart_item_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","created_at");
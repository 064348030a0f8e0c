ALTER TABLE "bookings" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
-- A visit already completed has had its review request queued.
UPDATE "bookings" SET "review_requested_at" = "updated_at" WHERE "status" = 'completed';

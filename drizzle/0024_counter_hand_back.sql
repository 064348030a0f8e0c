ALTER TABLE "counter_refunds" ADD COLUMN "handed_back_at" timestamp with time zone;--> statement-breakpoint
-- The admin's own cancellations handed the cash back as they were made (docs/decisions/048). A
-- salon cancellation whose admin account has since been deleted (handed_back_by set null) was
-- handed back too: only her own cancellation online leaves it owed.
UPDATE "counter_refunds" cr SET "handed_back_at" = cr."created_at"
  WHERE cr."handed_back_by" IS NOT NULL
     OR EXISTS (SELECT 1 FROM "bookings" b WHERE b."id" = cr."booking_id" AND b."cancel_requested_by" = 'salon');

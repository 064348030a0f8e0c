ALTER TABLE "bookings" ADD COLUMN "title_bn" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "title_bn" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "description_bn" text;
CREATE TABLE "waitlist_days" (
	"date" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_wishes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"date" text NOT NULL,
	"staff_id" uuid,
	"from_minutes" smallint,
	"to_minutes" smallint,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offer_item_id" uuid,
	"offer_starts_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offers_made" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "waitlist_wishes_status" CHECK ("waitlist_wishes"."status" in ('waiting', 'offered', 'booked', 'lapsed', 'left')),
	CONSTRAINT "waitlist_wishes_range" CHECK ("waitlist_wishes"."from_minutes" is null or "waitlist_wishes"."to_minutes" is null or "waitlist_wishes"."to_minutes" > "waitlist_wishes"."from_minutes")
);
--> statement-breakpoint
ALTER TABLE "waitlist_wishes" ADD CONSTRAINT "waitlist_wishes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_wishes" ADD CONSTRAINT "waitlist_wishes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_wishes" ADD CONSTRAINT "waitlist_wishes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_wishes_open_uq" ON "waitlist_wishes" USING btree ("user_id","service_id","date") WHERE "waitlist_wishes"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_wishes_day_idx" ON "waitlist_wishes" USING btree ("date","created_at") WHERE "waitlist_wishes"."status" in ('waiting', 'offered');
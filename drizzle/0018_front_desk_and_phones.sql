CREATE TABLE "user_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text,
	"phone_verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_profiles_phone_e164" CHECK ("user_profiles"."phone" is null or "user_profiles"."phone" ~ '^[+][1-9][0-9]{7,14}$'),
	CONSTRAINT "user_profiles_verified_has_phone" CHECK ("user_profiles"."phone_verified_at" is null or "user_profiles"."phone" is not null)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "desk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "booked_by" uuid;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_profiles_verified_phone_uq" ON "user_profiles" USING btree ("phone") WHERE "user_profiles"."phone_verified_at" is not null;--> statement-breakpoint
CREATE INDEX "user_profiles_phone_idx" ON "user_profiles" USING btree ("phone");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booked_by_user_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
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
ALTER TABLE "payments" ADD CONSTRAINT "payments_booked_by_user_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The front desk's items (held only while the desk books them) do not count toward her list's size.
CREATE OR REPLACE FUNCTION parlour_add_to_list(p_user uuid, p_service uuid, p_limit integer)
RETURNS TABLE (live_service uuid, added_item uuid)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM "user" WHERE id = p_user FOR UPDATE;
  RETURN QUERY
    WITH service AS (
      SELECT s.id FROM services s WHERE s.id = p_service AND s.deleted_at IS NULL FOR SHARE
    ), list AS (
      SELECT count(*)::int AS n FROM cart_items c WHERE c.user_id = p_user AND NOT c.desk
    ), added AS (
      INSERT INTO cart_items (user_id, service_id)
      SELECT p_user, service.id FROM service, list WHERE list.n < p_limit
      RETURNING cart_items.id
    )
    SELECT (SELECT service.id FROM service), (SELECT added.id FROM added);
END
$$;

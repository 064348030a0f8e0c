-- Adding a service to her booking list in one round trip instead of four (BEGIN, lock, count and
-- insert, COMMIT): src/server/repositories/cart.ts calls it on its own, outside any transaction.
-- Her user row is locked first, so two quick clicks cannot both pass the size check; the count
-- then runs in the next statement, which (a volatile function's statements each take a new
-- snapshot under READ COMMITTED) sees what a click that held the lock before committed. The
-- service is locked `for share` against a delete running at the same time. Answers the live
-- service's id (null: unknown or deleted) and the new item's id (null: the list is full).
CREATE FUNCTION parlour_add_to_list(p_user uuid, p_service uuid, p_limit integer)
RETURNS TABLE (live_service uuid, added_item uuid)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM "user" WHERE id = p_user FOR UPDATE;
  RETURN QUERY
    WITH service AS (
      SELECT s.id FROM services s WHERE s.id = p_service AND s.deleted_at IS NULL FOR SHARE
    ), list AS (
      SELECT count(*)::int AS n FROM cart_items c WHERE c.user_id = p_user
    ), added AS (
      INSERT INTO cart_items (user_id, service_id)
      SELECT p_user, service.id FROM service, list WHERE list.n < p_limit
      RETURNING cart_items.id
    )
    SELECT (SELECT service.id FROM service), (SELECT added.id FROM added);
END
$$;

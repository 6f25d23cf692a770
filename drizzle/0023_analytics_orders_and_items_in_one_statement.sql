-- An order inserted together with its items in one statement (createOrders' two CTEs, which the Shopify intake and
-- the public API share) fires both statement triggers at the statement's end, when each sees the other's rows: the
-- orders trigger counted the items' units and revenue, and the items trigger counted them again. Items are counted
-- by the items trigger alone on insert (an order's items cannot exist before the order: order_items references it);
-- an update of orders still moves its items' share, as before.
CREATE OR REPLACE FUNCTION analytics_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  q text;
  changed constant text := '(o.status, o.total_amount, o.claimed_at, o.completed_at, o.refunded_after_delivery_at,'
    ' o.roblox_username, o.game, o.source, o.created_at, o.user_id) IS DISTINCT FROM (n.status, n.total_amount,'
    ' n.claimed_at, n.completed_at, n.refunded_after_delivery_at, n.roblox_username, n.game, n.source, n.created_at, n.user_id)';
  items constant text := '(SELECT i.* FROM order_items i WHERE i.order_id IN (SELECT id FROM new_rows))';
  no_items constant text := '(SELECT i.* FROM order_items i WHERE false)';
BEGIN
  FOREACH q IN ARRAY analytics_templates() LOOP
    IF TG_OP = 'UPDATE' THEN
      EXECUTE format(q, format('(SELECT o.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE %s)', changed), items, -1, 'delta');
      EXECUTE format(q, format('(SELECT n.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE %s)', changed), items, 1, 'delta');
    ELSE
      EXECUTE format(q, 'new_rows', no_items, 1, 'delta');
    END IF;
  END LOOP;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
-- The sellers whose orders came in that way were counted twice per item: computed afresh.
SELECT analytics_rebuild(id) FROM users WHERE EXISTS (SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.user_id = users.id);

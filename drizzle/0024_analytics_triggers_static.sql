-- The analytics triggers ran their templates as dynamic SQL (EXECUTE), which PostgreSQL plans afresh on every
-- call: 13–25 ms of planning per order written, so the public API's create-order spent most of its time in them
-- (issue 30). The same templates are now written out once, here, as the static statements of the trigger functions,
-- whose plans PL/pgSQL caches for the session. What they count is unchanged. A migration that changes
-- analytics_templates() runs this generation again.
DO $gen$
DECLARE
  q text;
  changed constant text := '(o.status, o.total_amount, o.claimed_at, o.completed_at, o.refunded_after_delivery_at,'
    ' o.roblox_username, o.game, o.source, o.created_at, o.user_id) IS DISTINCT FROM (n.status, n.total_amount,'
    ' n.claimed_at, n.completed_at, n.refunded_after_delivery_at, n.roblox_username, n.game, n.source, n.created_at, n.user_id)';
  items constant text := '(SELECT i.* FROM order_items i WHERE i.order_id IN (SELECT id FROM new_rows))';
  no_items constant text := '(SELECT i.* FROM order_items i WHERE false)';
  on_update text := '';
  on_insert text := '';
  item_q constant text := (analytics_templates())[2];
  orders_of text;
  now_items text;
  item_body text := '';
  op text;
  rel text;
  before_items text;
BEGIN
  FOREACH q IN ARRAY analytics_templates() LOOP
    on_update := on_update
      || format(q, format('(SELECT o.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE %s)', changed), items, -1, 'delta') || E';\n'
      || format(q, format('(SELECT n.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE %s)', changed), items, 1, 'delta') || E';\n';
    on_insert := on_insert || format(q, 'new_rows', no_items, 1, 'delta') || E';\n';
  END LOOP;
  EXECUTE format($f$CREATE OR REPLACE FUNCTION analytics_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
%s
  ELSE
%s
  END IF;
  RETURN NULL;
END $fn$$f$, on_update, on_insert);

  FOREACH op IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
    rel := CASE op WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
    orders_of := format('(SELECT * FROM orders WHERE id IN (SELECT order_id FROM %s))', rel);
    now_items := format('(SELECT i.* FROM order_items i WHERE i.order_id IN (SELECT order_id FROM %s))', rel);
    before_items := CASE op
      WHEN 'INSERT' THEN format('(SELECT i.* FROM %s i WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id))', now_items)
      WHEN 'UPDATE' THEN format('(SELECT i.* FROM %s i WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id) UNION ALL SELECT * FROM old_rows)', now_items)
      ELSE format('(SELECT * FROM %s i UNION ALL SELECT * FROM old_rows)', now_items)
    END;
    item_body := item_body || format(E'  %s TG_OP = %L THEN\n%s;\n%s;\n',
      CASE op WHEN 'INSERT' THEN 'IF' ELSE 'ELSIF' END, op,
      format(item_q, orders_of, before_items, -1, 'delta'),
      format(item_q, orders_of, now_items, 1, 'delta'));
  END LOOP;
  EXECUTE format($f$CREATE OR REPLACE FUNCTION analytics_items_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
%s  END IF;
  RETURN NULL;
END $fn$$f$, item_body);
END $gen$;

-- The analytics triggers of migration 0024 reached an order's items through `order_id IN (SELECT ... FROM
-- new_rows)`. PL/pgSQL keeps one generic plan per statement for the session, made when the trigger first ran; made on
-- a young database, it reads order_items whole (a hash semi join over a sequential scan), and it went on doing so as
-- the table grew: an intake batch of 25 orders spent 5 ms in the items trigger at 8,000 order items, half of
-- PostgreSQL's time per order (issue 30), and a claim or a delivery would scan every order item a seller ever sold.
-- The triggers now gather the orders they touch into an array first and reach orders and order_items with
-- `= ANY (touched)`, an index condition, and they run with sequential scans off: a generic plan made while the tables
-- were small would otherwise filter them whole for the array (measured: a sequential scan of orders and of
-- order_items per batch). Each probe is an index lookup whatever the tables' size or statistics. An update of orders
-- that changes no counted column writes nothing (it ran eight statements that found no row), and items inserted
-- with their order are counted from the new rows alone.
--
-- The generation is a function now, so a migration that changes analytics_templates() calls it again.
CREATE FUNCTION analytics_generate_triggers() RETURNS void LANGUAGE plpgsql AS $gen$
DECLARE
  q text;
  changed constant text := '(o.status, o.total_amount, o.claimed_at, o.completed_at, o.refunded_after_delivery_at,'
    ' o.roblox_username, o.game, o.source, o.created_at, o.user_id) IS DISTINCT FROM (n.status, n.total_amount,'
    ' n.claimed_at, n.completed_at, n.refunded_after_delivery_at, n.roblox_username, n.game, n.source, n.created_at, n.user_id)';
  changed_orders constant text := '(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ' || changed || ')';
  touched_items constant text := '(SELECT i.* FROM order_items i WHERE i.order_id = ANY (touched))';
  no_items constant text := '(SELECT i.* FROM order_items i WHERE false)';
  on_update text := '';
  on_insert text := '';
  item_q constant text := (analytics_templates())[2];
  touched_orders constant text := '(SELECT * FROM orders WHERE id = ANY (touched))';
  item_body text := '';
  op text;
  before_items text;
  minus_plus text;
BEGIN
  FOREACH q IN ARRAY analytics_templates() LOOP
    on_update := on_update
      || format(q, '(SELECT o.* FROM old_rows o WHERE o.id = ANY (touched))', touched_items, -1, 'delta') || E';\n'
      || format(q, '(SELECT n.* FROM new_rows n WHERE n.id = ANY (touched))', touched_items, 1, 'delta') || E';\n';
    -- Items are counted by the items trigger alone on insert (migration 0023).
    on_insert := on_insert || format(q, 'new_rows', no_items, 1, 'delta') || E';\n';
  END LOOP;
  EXECUTE format($f$CREATE OR REPLACE FUNCTION analytics_orders_changed() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    touched := ARRAY%s;
    IF cardinality(touched) = 0 THEN
      RETURN NULL;
    END IF;
%s
  ELSE
%s
  END IF;
  RETURN NULL;
END $fn$$f$, changed_orders, on_update, on_insert);

  FOREACH op IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
    before_items := CASE op
      WHEN 'INSERT' THEN format('(SELECT i.* FROM %s i WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id))', touched_items)
      WHEN 'UPDATE' THEN format('(SELECT i.* FROM %s i WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id) UNION ALL SELECT * FROM old_rows)', touched_items)
      ELSE format('(SELECT * FROM %s i UNION ALL SELECT * FROM old_rows)', touched_items)
    END;
    minus_plus := format(E'%s;\n%s;\n',
      format(item_q, touched_orders, before_items, -1, 'delta'),
      format(item_q, touched_orders, touched_items, 1, 'delta'));
    item_body := item_body || format(E'  %s TG_OP = %L THEN\n    touched := ARRAY(SELECT DISTINCT order_id FROM %s);\n%s',
      CASE op WHEN 'INSERT' THEN 'IF' ELSE 'ELSIF' END, op,
      CASE op WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END,
      CASE op
        -- Items inserted with their order (the intake, create-order): the order had no items before, so nothing is
        -- taken away and the new rows are all its items.
        WHEN 'INSERT' THEN format(E'    IF NOT EXISTS (SELECT 1 FROM %s b) THEN\n%s;\n    ELSE\n%s    END IF;\n',
          before_items, format(item_q, touched_orders, 'new_rows', 1, 'delta'), minus_plus)
        ELSE minus_plus
      END);
  END LOOP;
  EXECUTE format($f$CREATE OR REPLACE FUNCTION analytics_items_changed() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
DECLARE
  touched uuid[];
BEGIN
%s  END IF;
  RETURN NULL;
END $fn$$f$, item_body);
END $gen$;
--> statement-breakpoint
SELECT analytics_generate_triggers();

-- The cart add, cheaper inside PostgreSQL (issue 8, docs/decisions/025; measured with
-- `BENCH_PGBENCH=1 bench/cart.ts`, which calls the function and copies of it without one part):
-- * the answer is built as json (text) instead of jsonb: building jsonb of the cart's rows (each
--   with its own jsonb columns) cost more than everything else the function does;
-- * the lock is the update (one tuple write, not a lock then an update); a short stock raises
--   CA409, which undoes it;
-- * orders.last_activity_at is in the index the abandonment job reads, so every add wrote a new
--   entry into each of the ten indexes of orders: the mark now moves only when a minute old
--   (abandonment counts hours), so a shopper's adds in a row are heap-only updates, and orders
--   keeps room on its pages for them.
ALTER TABLE orders SET (fillfactor = 90);
--> statement-breakpoint
DROP FUNCTION cart_add_row(integer, integer, text, integer, jsonb, jsonb);
--> statement-breakpoint
CREATE FUNCTION cart_add_row(p_order_id integer, p_store_id integer, p_token_hash text, p_user_id integer, p_row jsonb, p_needs jsonb)
RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  o orders;
  new_id integer;
  covered boolean;
  levels jsonb;
BEGIN
  -- The lock, the activity mark and the version in one statement: the cart's row lock is taken
  -- here, and every later statement reads with a snapshot taken after it. A refused add raises
  -- (SQLSTATE CA409), which undoes this update with the rest of the statement.
  -- The activity mark moves by whole minutes at most (carts are abandoned after hours): adds
  -- within a minute leave every index of orders as it is, so the update stays on its page (HOT).
  IF p_order_id IS NULL THEN
    UPDATE orders SET updated_at = now(), version = version + 1,
           last_activity_at = CASE WHEN last_activity_at < now() - interval '1 minute' THEN now() ELSE last_activity_at END
     WHERE store_id = p_store_id AND user_id = p_user_id AND status = 100
    RETURNING * INTO o;
  ELSE
    UPDATE orders SET updated_at = now(), version = version + 1,
           last_activity_at = CASE WHEN last_activity_at < now() - interval '1 minute' THEN now() ELSE last_activity_at END
     WHERE id = p_order_id AND store_id = p_store_id AND status = 100
       AND ((p_token_hash IS NOT NULL AND user_id IS NULL AND guest_token_hash = p_token_hash)
         OR (p_user_id IS NOT NULL AND user_id = p_user_id))
    RETURNING * INTO o;
  END IF;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;

  -- What the cart's rows need (each product or variant, complements included; installation and
  -- facility lines follow their row's quantity) plus the new row, against the units in stock.
  WITH need AS (
    SELECT r.product_id AS pid, r.variant_id AS vid, r.quantity AS q FROM order_rows r WHERE r.order_id = o.id
    UNION ALL
    SELECT (l->>'productId')::int, (l->>'variantId')::int,
           CASE WHEN (l->>'follows')::boolean THEN r.quantity ELSE (l->>'quantity')::int END
      FROM order_rows r CROSS JOIN LATERAL jsonb_array_elements(r.lines) l
     WHERE r.order_id = o.id AND jsonb_typeof(l->'productId') = 'number'
    UNION ALL
    SELECT (n->>'productId')::int, (n->>'variantId')::int, (n->>'quantity')::int FROM jsonb_array_elements(p_needs) n
  ), total AS (
    SELECT CASE WHEN vid IS NULL THEN pid END AS pid, vid, sum(q) AS q FROM need GROUP BY 1, 2
  ), level AS (
    SELECT t.pid, t.vid, t.q,
           coalesce(CASE WHEN t.vid IS NULL THEN (SELECT p.stock FROM products p WHERE p.id = t.pid)
                         ELSE (SELECT v.stock FROM variants v WHERE v.id = t.vid) END, 0) AS stock
      FROM total t
  )
  SELECT coalesce(bool_and(stock >= q), true),
         coalesce(jsonb_agg(jsonb_build_array(CASE WHEN vid IS NULL THEN 'p' ELSE 'v' END, coalesce(vid, pid), stock)), '[]'::jsonb)
    INTO covered, levels FROM level;
  IF NOT covered THEN
    RAISE EXCEPTION 'cart_add_row: the stock does not cover the cart' USING ERRCODE = 'CA409';
  END IF;

  INSERT INTO order_rows (order_id, position, product_id, variant_id, selection, lines, summary, quantity, name, ref,
                          product_slug, product_ref, product_type, image, unit_pvp, unit_original,
                          unit_professional_discount, shipping_amount)
  SELECT o.id, (SELECT coalesce(max(x.position), 0) + 1 FROM order_rows x WHERE x.order_id = o.id),
         v.product_id, v.variant_id, v.selection, v.lines, v.summary, v.quantity, v.name, v.ref,
         v.product_slug, v.product_ref, v.product_type, v.image, v.unit_pvp, v.unit_original,
         coalesce(v.unit_professional_discount, 0), v.shipping_amount
    FROM jsonb_populate_record(NULL::order_rows, p_row) v
  RETURNING id INTO new_id;

  RETURN json_build_object(
    'ok', true,
    'order', row_to_json(o),
    'row_id', new_id,
    'rows', (SELECT json_agg(r ORDER BY r.position, r.id) FROM order_rows r WHERE r.order_id = o.id),
    'stock', levels,
    'coupon', (SELECT json_build_object('id', c.id, 'code', c.code, 'kind', c.kind, 'value', c.value, 'min_cart_amount', c.min_cart_amount)
                 FROM coupons c WHERE c.id = o.coupon_id));
END;
$$;

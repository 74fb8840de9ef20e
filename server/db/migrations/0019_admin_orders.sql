-- Back office I (issue 38), orders part: internal staff notes on orders (never shown to
-- customers) and the indexes of the staff order list (keyset pages by date, status, total and
-- number; search by number, reference, e-mail, name, phone, postal code and product reference).
CREATE TABLE order_notes (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  staff_id integer,
  staff_name text NOT NULL DEFAULT '',
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX order_notes_order ON order_notes (order_id, id);
--> statement-breakpoint
-- The list's date is when the order was placed (a quotation: when it was made).
CREATE INDEX orders_admin_date ON orders ((coalesce(placed_at, created_at)), id) WHERE status >= 200;
--> statement-breakpoint
CREATE INDEX orders_admin_status_date ON orders (status, (coalesce(placed_at, created_at)), id) WHERE status >= 200;
--> statement-breakpoint
CREATE INDEX orders_admin_total ON orders ((coalesce(total, 0)), id) WHERE status >= 200;
--> statement-breakpoint
CREATE INDEX orders_admin_email ON orders (lower(email) text_pattern_ops) WHERE status >= 200;
--> statement-breakpoint
CREATE INDEX orders_admin_search ON orders USING gin ((lower(
  coalesce(order_number, '') || ' ' || coalesce(email, '') || ' ' || coalesce(name, '') || ' ' || coalesce(surnames, '') || ' ' ||
  coalesce(phone, '') || ' ' || coalesce(shipping_postal_code, '') || ' ' || coalesce(payment_reference, '')
)) gin_trgm_ops) WHERE status >= 200;
--> statement-breakpoint
CREATE INDEX order_rows_admin_ref ON order_rows (lower(ref) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX order_rows_admin_product_ref ON order_rows (lower(product_ref) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS payment_refunds_order ON payment_refunds (order_id);
--> statement-breakpoint
CREATE INDEX orders_admin_coupon ON orders (upper(coupon_code)) WHERE coupon_code IS NOT NULL;
--> statement-breakpoint
-- Orders with the installation service (a service line in the row): the list's "has installation" filter.
CREATE INDEX order_rows_admin_installation ON order_rows (order_id) WHERE lines @> '[{"kind":"service"}]'::jsonb;
--> statement-breakpoint
-- The list's payment and shipping states, kept on the order by the database itself (exact and
-- always current; no code path can forget): deriving them per request by grouping every matching
-- order's refunds and packages took ~1 s at 100,000 orders (bench/admin-orders.ts).
--   refunded_cents: sum of the order's refunds that did not fail (triggers on payment_refunds);
--   payment_state: from paid_at, total and refunded_cents (a BEFORE trigger on orders follows
--     every write of them; not a generated column, so INSERT … SELECT * copies of orders still work);
--   shipping_state: from the packages that are not cancelled (triggers on sub_orders);
--   has_installation: a row of the order has a service line (triggers on order_rows).
ALTER TABLE orders ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE orders ADD COLUMN payment_state text NOT NULL DEFAULT 'unpaid';
--> statement-breakpoint
ALTER TABLE orders ADD COLUMN shipping_state text NOT NULL DEFAULT 'none';
--> statement-breakpoint
ALTER TABLE orders ADD COLUMN has_installation boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- The shipping state of one order from its packages (cancelled ones, 500/550, do not count).
CREATE FUNCTION admin_order_shipping_state(oid integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN count(*) = 0 THEN 'none'
    WHEN bool_or(s.status = 900) THEN 'incident'
    WHEN bool_and(s.status IN (700, 800)) THEN 'delivered'
    WHEN bool_and(s.status IN (600, 650, 700, 800)) THEN 'shipped'
    WHEN bool_or(s.status IN (600, 650, 700, 800)) THEN 'partial'
    ELSE 'pending' END
  FROM sub_orders s WHERE s.order_id = oid AND s.status NOT IN (500, 550)
$$;
--> statement-breakpoint
-- Recomputes the stored states of the given orders. The order rows are locked first (in id
-- order), so a concurrent change to another package, refund or row of the same order waits, and
-- the recount that follows (a new statement, a new snapshot) sees what that one committed.
CREATE FUNCTION admin_order_states_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM orders o JOIN (SELECT DISTINCT unnest(ids) AS id) i ON o.id = i.id ORDER BY o.id FOR NO KEY UPDATE OF o;
  UPDATE orders o SET
    refunded_cents = x.refunded,
    shipping_state = x.shipping,
    has_installation = x.installation
  FROM (
    SELECT i.id,
           coalesce((SELECT sum(pr.amount) FROM payment_refunds pr WHERE pr.order_id = i.id AND pr.status <> 'failed'), 0) AS refunded,
           admin_order_shipping_state(i.id) AS shipping,
           EXISTS (SELECT 1 FROM order_rows r WHERE r.order_id = i.id AND r.lines @> '[{"kind":"service"}]'::jsonb) AS installation
    FROM (SELECT DISTINCT unnest(ids) AS id) i
  ) x
  WHERE o.id = x.id
    AND (o.refunded_cents IS DISTINCT FROM x.refunded OR o.shipping_state IS DISTINCT FROM x.shipping
         OR o.has_installation IS DISTINCT FROM x.installation);
END $$;
--> statement-breakpoint
-- Statement-level triggers with transition tables: one recount per order touched by a statement
-- (a bulk insert of packages recounts each order once, not once per row).
CREATE FUNCTION admin_order_states_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM admin_order_states_refresh(ARRAY(SELECT DISTINCT order_id FROM new_rows WHERE order_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM admin_order_states_refresh(ARRAY(SELECT DISTINCT order_id FROM old_rows WHERE order_id IS NOT NULL));
  ELSE
    PERFORM admin_order_states_refresh(ARRAY(
      SELECT order_id FROM new_rows WHERE order_id IS NOT NULL UNION SELECT order_id FROM old_rows WHERE order_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_refunds_order_state_ins AFTER INSERT ON payment_refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_order_states_trigger();
--> statement-breakpoint
CREATE TRIGGER payment_refunds_order_state_upd AFTER UPDATE ON payment_refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_order_states_trigger();
--> statement-breakpoint
CREATE TRIGGER payment_refunds_order_state_del AFTER DELETE ON payment_refunds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_order_states_trigger();
--> statement-breakpoint
CREATE TRIGGER sub_orders_order_state_ins AFTER INSERT ON sub_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_order_states_trigger();
--> statement-breakpoint
CREATE TRIGGER sub_orders_order_state_upd AFTER UPDATE ON sub_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_order_states_trigger();
--> statement-breakpoint
CREATE TRIGGER sub_orders_order_state_del AFTER DELETE ON sub_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_order_states_trigger();
--> statement-breakpoint
-- order_rows also holds carts' rows (a hot path): only rows with a service line, before or after
-- the change, can move has_installation, so other statements recount nothing.
CREATE FUNCTION admin_order_rows_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM admin_order_states_refresh(ARRAY(
      SELECT DISTINCT order_id FROM new_rows WHERE lines @> '[{"kind":"service"}]'::jsonb));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM admin_order_states_refresh(ARRAY(
      SELECT DISTINCT order_id FROM old_rows WHERE lines @> '[{"kind":"service"}]'::jsonb));
  ELSE
    PERFORM admin_order_states_refresh(ARRAY(
      SELECT order_id FROM new_rows WHERE lines @> '[{"kind":"service"}]'::jsonb
      UNION SELECT order_id FROM old_rows WHERE lines @> '[{"kind":"service"}]'::jsonb));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_rows_order_state_ins AFTER INSERT ON order_rows
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_order_rows_trigger();
--> statement-breakpoint
CREATE TRIGGER order_rows_order_state_upd AFTER UPDATE ON order_rows
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_order_rows_trigger();
--> statement-breakpoint
CREATE TRIGGER order_rows_order_state_del AFTER DELETE ON order_rows
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION admin_order_rows_trigger();
--> statement-breakpoint
CREATE FUNCTION admin_order_payment_state(paid_at timestamptz, total integer, refunded bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN paid_at IS NULL THEN 'unpaid'
              WHEN refunded <= 0 THEN 'paid'
              WHEN refunded >= coalesce(total, 0) THEN 'refunded'
              ELSE 'partially_refunded' END
$$;
--> statement-breakpoint
-- A new order has no refunds, packages or rows yet (they reference it): whatever an INSERT says
-- (e.g. a copy of another order), its states start from nothing. Every update recomputes
-- payment_state from the row itself.
CREATE FUNCTION admin_order_own_states() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.refunded_cents := 0;
    NEW.shipping_state := 'none';
    NEW.has_installation := false;
  END IF;
  NEW.payment_state := admin_order_payment_state(NEW.paid_at, NEW.total, NEW.refunded_cents);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_own_states_ins BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION admin_order_own_states();
--> statement-breakpoint
CREATE TRIGGER orders_own_states_upd BEFORE UPDATE ON orders FOR EACH ROW
  WHEN (NEW.paid_at IS DISTINCT FROM OLD.paid_at OR NEW.total IS DISTINCT FROM OLD.total
        OR NEW.refunded_cents IS DISTINCT FROM OLD.refunded_cents OR NEW.payment_state IS DISTINCT FROM OLD.payment_state)
  EXECUTE FUNCTION admin_order_own_states();
--> statement-breakpoint
-- Backfill (orders placed before this migration).
UPDATE orders o SET refunded_cents = r.s
FROM (SELECT order_id, sum(amount) AS s FROM payment_refunds WHERE status <> 'failed' GROUP BY order_id) r
WHERE o.id = r.order_id;
--> statement-breakpoint
UPDATE orders o SET shipping_state = admin_order_shipping_state(o.id)
WHERE EXISTS (SELECT 1 FROM sub_orders s WHERE s.order_id = o.id);
--> statement-breakpoint
UPDATE orders o SET has_installation = true
WHERE o.id IN (SELECT r.order_id FROM order_rows r WHERE r.lines @> '[{"kind":"service"}]'::jsonb);
--> statement-breakpoint
UPDATE orders SET payment_state = admin_order_payment_state(paid_at, total, refunded_cents)
WHERE payment_state IS DISTINCT FROM admin_order_payment_state(paid_at, total, refunded_cents);
--> statement-breakpoint
-- The list's keyset order (date desc, id) within one state: an ordered index scan that stops
-- after one page, and a capped count that reads at most COUNT_CAP + 1 index entries.
CREATE INDEX orders_admin_payment_date ON orders (payment_state, (coalesce(placed_at, created_at)), id) WHERE status >= 200;
--> statement-breakpoint
CREATE INDEX orders_admin_shipping_date ON orders (shipping_state, (coalesce(placed_at, created_at)), id) WHERE status >= 200;
--> statement-breakpoint
CREATE INDEX orders_admin_installation_date ON orders ((coalesce(placed_at, created_at)), id) WHERE status >= 200 AND has_installation;
--> statement-breakpoint
-- Statistics on the list's date expression: the planner ignores the stats of partial expression
-- indexes, so without these a date range is guessed at 0.5% of the orders and a capped count
-- sorts every match instead of walking an index (PostgreSQL 14+; PGlite is 17).
CREATE STATISTICS IF NOT EXISTS orders_admin_date_stats ON (coalesce(placed_at, created_at)) FROM orders;
--> statement-breakpoint
ANALYZE orders;

-- Back office: invoices, VERI*FACTU and the home dashboard (issue 38). Only indexes: the dashboard
-- reads bounded, index-backed slices (partial indexes hold just the rows each figure counts), and
-- the invoice list pages by id within a store and series and searches with trigrams.
CREATE INDEX IF NOT EXISTS orders_paid_at ON orders (paid_at) INCLUDE (store_id, total) WHERE paid_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_to_ship ON orders (store_id, status) WHERE status IN (400, 450, 500, 600);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_transfer_waiting ON orders (store_id) INCLUDE (total) WHERE status = 300 AND payment_method_selected = 'transfer';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_quotation_expiry ON orders (expires_at) INCLUDE (store_id) WHERE status = 200;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS payment_refunds_created ON payment_refunds (created_at) INCLUDE (order_id, amount, status);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS withdrawals_received ON withdrawals (order_id) WHERE status = 'received';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS order_requests_open_kind ON order_requests (kind, order_id) WHERE status = 'open';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS variants_low_stock ON variants (stock, product_id) WHERE stock <= 5;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_low_stock ON products (stock) WHERE stock <= 5 AND active;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS invoices_store_series_id ON invoices (store_id, series, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS invoices_search_trgm ON invoices USING gin (
  lower(number || ' ' || order_number || ' ' || coalesce(buyer->>'name', '') || ' ' || coalesce(buyer->>'taxId', '')) gin_trgm_ops
);

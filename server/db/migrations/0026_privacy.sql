-- Privacy after erasure (issue 36; docs/decisions/048).
--
-- orders.erased_at: when the customer behind the order was erased. From then on the mailed link
-- (/order/{id}?t=) is refused, and an order still being delivered loses its delivery data
-- (phone, shipping address) once its last package is delivered or it is cancelled.
ALTER TABLE "orders" ADD COLUMN "erased_at" timestamptz;

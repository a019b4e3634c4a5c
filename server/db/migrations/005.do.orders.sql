-- Orders are recorded in two steps around the payment: 'pending' (with its lines) before the provider is
-- charged, then 'paid', 'declined', 'refunded' or 'refund_failed' (an approved charge that could not become
-- a paid order and could not be given back yet) after it. Orders placed before this migration were paid.
ALTER TABLE orders
  ADD COLUMN status text NOT NULL DEFAULT 'paid'
    CHECK (status IN ('pending', 'paid', 'declined', 'refunded', 'refund_failed')),
  ADD COLUMN kind text NOT NULL DEFAULT 'checkout' CHECK (kind IN ('checkout', 'enroll')),
  -- the client's Idempotency-Key header, or one the server chose; one purchase attempt per key and user
  ADD COLUMN idempotency_key text CHECK (idempotency_key ~ '^[A-Za-z0-9_-]{8,100}$'),
  -- while a request works on a pending order (charging, completing, refunding) others wait until then
  ADD COLUMN lease_until timestamptz,
  -- the problem answered for a declined or refunded order, answered again to a retry with the same key
  ADD COLUMN failure_status integer,
  ADD COLUMN failure_detail text,
  ADD COLUMN refund_reference text,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT clock_timestamp();

ALTER TABLE orders ALTER COLUMN status SET DEFAULT 'pending';
ALTER TABLE orders ALTER COLUMN payment_reference DROP NOT NULL;
ALTER TABLE orders ADD CONSTRAINT orders_charged_have_reference
  CHECK (status IN ('pending', 'declined') OR payment_reference IS NOT NULL);
ALTER TABLE orders ADD CONSTRAINT orders_pending_have_key CHECK (status <> 'pending' OR idempotency_key IS NOT NULL);

CREATE UNIQUE INDEX orders_user_key ON orders (user_id, idempotency_key);
CREATE INDEX orders_user_pending_idx ON orders (user_id) WHERE status = 'pending';
CREATE INDEX orders_refund_failed_idx ON orders (updated_at) WHERE status = 'refund_failed';

-- The lines keep the cart's order.
ALTER TABLE order_items ADD COLUMN position integer NOT NULL DEFAULT 0;
CREATE INDEX order_items_course_idx ON order_items (course_id);

-- Money in integer cents: a course's price, an order's total and each order line's price are whole numbers of cents
-- (the API still speaks dollars: 49.5 is 4950 here). The numeric values of before are converted in place.
ALTER TABLE courses ALTER COLUMN price TYPE bigint USING round(price * 100)::bigint;
ALTER TABLE courses RENAME COLUMN price TO price_cents;
ALTER TABLE orders ALTER COLUMN total TYPE bigint USING round(total * 100)::bigint;
ALTER TABLE orders RENAME COLUMN total TO total_cents;
ALTER TABLE order_items ALTER COLUMN price TYPE bigint USING round(price * 100)::bigint;
ALTER TABLE order_items RENAME COLUMN price TO price_cents;

-- Orders paid through Stripe Checkout: the provider that took (or was to take) the money, the Checkout Session the
-- buyer was sent to and its address; an order whose session expired unpaid is 'expired'.
ALTER TABLE orders
  ADD COLUMN provider text NOT NULL DEFAULT 'simulated' CHECK (provider IN ('simulated', 'stripe')),
  ADD COLUMN checkout_session text,
  ADD COLUMN checkout_url text;
CREATE UNIQUE INDEX orders_checkout_session ON orders (checkout_session);
CREATE INDEX orders_payment_reference_idx ON orders (payment_reference);
CREATE INDEX orders_status_created_idx ON orders (status, created_at);
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending', 'paid', 'declined', 'refunded', 'refund_failed', 'expired'));
ALTER TABLE orders DROP CONSTRAINT orders_charged_have_reference;
ALTER TABLE orders ADD CONSTRAINT orders_charged_have_reference
  CHECK (status IN ('pending', 'declined', 'expired') OR payment_reference IS NOT NULL);

-- The provider's webhook events already handled (Stripe sends an event more than once): each is handled once.
CREATE TABLE payment_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

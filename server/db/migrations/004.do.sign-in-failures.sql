-- Failed sign-ins, counted per account (its normalised email) and per client address, in the database so every
-- instance behind a load balancer counts the same failures. A row's window starts at its first failure; rows
-- whose window has ended are deleted as new failures are written.
CREATE TABLE sign_in_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_ends timestamptz NOT NULL
);
CREATE INDEX sign_in_failures_window_ends_idx ON sign_in_failures (window_ends);

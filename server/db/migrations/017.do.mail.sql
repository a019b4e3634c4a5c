-- Mail goes out through an outbox: a row is written in the same transaction as the change that causes it, and a
-- sender (any instance) claims due rows with FOR UPDATE SKIP LOCKED, leases them while it sends, and marks them sent.
-- A sender that dies between sending and marking leaves the lease to run out: the row is sent once more, never lost.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  -- extra headers (List-Unsubscribe), as a JSON object of strings
  headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  attempts integer NOT NULL DEFAULT 0,
  -- due from then on; while a sender holds the row, the end of its lease
  next_attempt_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  last_error text,
  sent_at timestamptz,
  -- given up after the last attempt
  failed_at timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- Single-use links sent by mail: only a hash of the token is kept. purpose 'reset' (a new password), 'verify' (the
-- account's email), 'change' (new_email replaces the account's email once followed).
CREATE TABLE mail_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('reset', 'verify', 'change')),
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX mail_tokens_user_idx ON mail_tokens (user_id, purpose);

-- Accounts made before verification existed count as verified: nobody asked them to follow a link.
ALTER TABLE users
  ADD COLUMN email_verified_at timestamptz,
  ADD COLUMN review_reminders boolean NOT NULL DEFAULT false,
  ADD COLUMN last_review_reminder_at timestamptz;
UPDATE users SET email_verified_at = created_at;

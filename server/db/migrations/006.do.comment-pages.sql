-- Comments are read newest first, a page at a time, by (created_at to the millisecond, id): the precision
-- of the cursor a client sends back (createdAt is serialized with milliseconds). AT TIME ZONE 'UTC' makes
-- the expression immutable, as an index needs; it orders exactly like created_at.
CREATE INDEX comments_player_page_idx
  ON comments (lower(player), (date_trunc('milliseconds', created_at AT TIME ZONE 'UTC')) DESC, id DESC);

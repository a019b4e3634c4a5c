-- The catalogue's search finds instructors by username prefix in memory (server/services/catalogue.ts, issue 14):
-- migration 009's index on lower(username) for LIKE 'x%' is read by no statement now, only kept up on every write
-- to users.
DROP INDEX IF EXISTS users_username_prefix_idx;

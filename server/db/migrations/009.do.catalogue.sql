-- The catalogue's search and pages (issue 14; server/services/catalogue.ts writes the same expressions).
-- Full-text search over a course's title and description: a GIN index on the tsvector both PostgreSQL and
-- PGlite have in core (pg_trgm would need an extension loaded into PGlite). The 'simple' configuration only
-- lowercases, so a word typed halfway ('openi') still prefixes the word it will be ('opening'), which English
-- stemming would not. The regconfig is written out so the expression is immutable, as an index needs.
CREATE INDEX courses_search_idx
  ON courses USING gin (to_tsvector('simple'::regconfig, title || ' ' || description));
-- A page starts after its cursor's row in one of the three orders: (sort key, id), read with a row comparison.
CREATE INDEX courses_newest_idx ON courses (created_at, id);
CREATE INDEX courses_title_idx ON courses (lower(title), id);
CREATE INDEX courses_price_idx ON courses (price, id);
-- A search also finds the courses of instructors whose username starts with it (LIKE 'x%' needs pattern ops
-- under a non-C collation).
CREATE INDEX users_username_prefix_idx ON users (lower(username) text_pattern_ops);

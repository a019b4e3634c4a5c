-- The catalogue's search reads a stored tsvector (issue 14). With migration 009's expression index, a page query
-- whose plan walked an order's index (the planner's choice when it expects many matches) computed to_tsvector
-- for every row it passed: 300 ms on PostgreSQL and 500 ms on PGlite for a word that matched nothing among
-- 10,000 courses. Stored, the test costs the same as any column's, and the GIN index is on the column.
ALTER TABLE courses
  ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title || ' ' || description)) STORED;
DROP INDEX courses_search_idx;
CREATE INDEX courses_search_idx ON courses USING gin (search);

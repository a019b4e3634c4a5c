-- Versions of the data that answers are cached from (issue 14): the spec's course list is kept serialized and
-- compressed (server/services/courses.ts, server/plugins/responseCache.ts) until its row here moves. Triggers move
-- it inside the writing transaction, so every writer moves it (each server instance on a shared PostgreSQL, seeds,
-- psql) and a reader sees a version together with the data as of it (one statement, one snapshot). The values come
-- from a sequence, set after the row is locked: they only grow in commit order and are never given twice, even
-- after the tables are emptied (TRUNCATE leaves sequences alone), so an old version can never match new data.
CREATE SEQUENCE data_version_seq;
CREATE TABLE data_versions (
  name text PRIMARY KEY,
  version bigint NOT NULL
);
INSERT INTO data_versions (name, version) VALUES ('courses', nextval('data_version_seq'));

-- NOTIFY data_versions '<name> <version>' at commit: embedded PGlite hands it to the process (its only writer)
-- before the writing statement returns, so there the cache needs no query to know the version.
CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  INSERT INTO data_versions (name, version) VALUES (TG_ARGV[0], nextval('data_version_seq'))
  ON CONFLICT (name) DO UPDATE SET version = nextval('data_version_seq')
  RETURNING version INTO moved;
  PERFORM pg_notify('data_versions', TG_ARGV[0] || ' ' || moved);
  RETURN NULL;
END
$$;

-- The course list shows every column of courses, and the instructor's id and username.
CREATE TRIGGER courses_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON courses
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('courses');
CREATE TRIGGER users_bump_version AFTER UPDATE OF id, username OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('courses');

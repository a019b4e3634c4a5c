-- Ratings and reviews of courses: one per student and course (the unique key makes two saves arriving together one
-- review, the second an edit), editable by its author; the course's instructor replies once; an admin removes one
-- with a reason, which is kept (the row stays, no longer listed nor counted).
CREATE TABLE course_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  student_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text text NOT NULL CHECK (length(text) <= 2000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  reply_text text CHECK (length(reply_text) BETWEEN 1 AND 2000),
  reply_by uuid REFERENCES users (id) ON DELETE SET NULL,
  replied_at timestamptz,
  removed_at timestamptz,
  removed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  removal_reason text CHECK (length(removal_reason) BETWEEN 1 AND 500),
  UNIQUE (course_id, student_id),
  CONSTRAINT course_reviews_reply_whole CHECK ((reply_text IS NULL) = (replied_at IS NULL)),
  CONSTRAINT course_reviews_removal_whole CHECK ((removed_at IS NULL) = (removal_reason IS NULL))
);
-- A course's reviews newest first, a page at a time (the keyset of server/services/catalogue/pages.ts), shown ones only.
CREATE INDEX course_reviews_page_idx ON course_reviews (course_id, created_at DESC, id DESC) WHERE removed_at IS NULL;
-- A student's reviews go with their account (the unique key leads with the course).
CREATE INDEX course_reviews_student_idx ON course_reviews (student_id);

-- How many ratings of each star a course has (rating_counts[1] the 1-star ones to [5] the 5-star ones), removed reviews
-- not counted. Kept on the course's row, so the course list, the catalogue's pages and every card read their average
-- and count with the course, no aggregate over the reviews per course listed; and a change moves the 'courses' data
-- version (migration 010's trigger on courses), so the kept course list shows it.
ALTER TABLE courses
  ADD COLUMN rating_counts integer[] NOT NULL DEFAULT '{0,0,0,0,0}'
  CHECK (cardinality(rating_counts) = 5 AND 0 <= ALL (rating_counts));

-- The counts follow every write to the reviews, whoever makes it, in the writing transaction: the row lock of the
-- course's UPDATE orders concurrent reviews of one course, so each is counted once.
CREATE FUNCTION count_course_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.removed_at IS NULL THEN
    UPDATE courses SET rating_counts[OLD.rating] = rating_counts[OLD.rating] - 1 WHERE id = OLD.course_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.removed_at IS NULL THEN
    UPDATE courses SET rating_counts[NEW.rating] = rating_counts[NEW.rating] + 1 WHERE id = NEW.course_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER course_reviews_count_insert_delete AFTER INSERT OR DELETE ON course_reviews
  FOR EACH ROW EXECUTE FUNCTION count_course_rating();
-- Only a change of the rating, or a removal, changes the counts (an edit of the text alone does not touch the course).
CREATE TRIGGER course_reviews_count_update AFTER UPDATE OF rating, removed_at, course_id ON course_reviews
  FOR EACH ROW
  WHEN (OLD.rating IS DISTINCT FROM NEW.rating OR OLD.removed_at IS DISTINCT FROM NEW.removed_at
    OR OLD.course_id IS DISTINCT FROM NEW.course_id)
  EXECUTE FUNCTION count_course_rating();
-- Emptying the reviews empties the counts.
CREATE FUNCTION clear_course_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE courses SET rating_counts = '{0,0,0,0,0}' WHERE rating_counts <> '{0,0,0,0,0}';
  RETURN NULL;
END
$$;
CREATE TRIGGER course_reviews_count_truncate AFTER TRUNCATE ON course_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION clear_course_ratings();

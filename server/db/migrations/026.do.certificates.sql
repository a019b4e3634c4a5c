-- Certificates of completion: issued once an enrolled learner has completed every module of a course, public by their
-- unguessable id unless their holder keeps them private. What a certificate shows is kept as it was when it was issued
-- (the learner's username, the course's title, its instructor's username): a course renamed or deleted later, or its
-- instructor's account removed, does not rewrite a certificate already shared or printed. A refund revokes it
-- (revoked_at); a revoked certificate stays for the record, and the learner may earn the course's certificate anew.
CREATE TABLE certificates (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  course_id uuid REFERENCES courses (id) ON DELETE SET NULL,
  learner_name text NOT NULL,
  course_title text NOT NULL,
  instructor_name text,
  issued_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  revoked_at timestamptz,
  CHECK (revoked_at IS NULL OR revoked_at >= issued_at)
);
-- One certificate held per learner and course; led by the learner, so their list is one index walk.
CREATE UNIQUE INDEX certificates_held_key ON certificates (user_id, course_id) WHERE revoked_at IS NULL;
-- A deleted course's certificates are found through it (ON DELETE SET NULL).
CREATE INDEX certificates_course_idx ON certificates (course_id);

-- 'Keep my certificates private': off by default, as a certificate is meant to be shown.
ALTER TABLE users ADD COLUMN certificates_private boolean NOT NULL DEFAULT false;

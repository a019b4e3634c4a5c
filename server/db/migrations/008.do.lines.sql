-- A module's line: PGN (checked move by move by the server before it is stored) and the side the student plays.
-- Both or neither; the server refuses a PGN over 64 KB before it gets here, the check keeps it so.
ALTER TABLE modules
  ADD COLUMN line_pgn text CHECK (octet_length(line_pgn) <= 65536),
  ADD COLUMN line_side text CHECK (line_side IN ('white', 'black')),
  ADD CONSTRAINT modules_line_whole CHECK ((line_pgn IS NULL) = (line_side IS NULL));

-- The review schedule: one FSRS card per (user, module with a line), made at the first finished practice.
-- It goes with its module, its course or its user. course_id is the module's, for the reviewer's course names.
CREATE TABLE line_reviews (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  module_id uuid NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  due timestamptz NOT NULL,
  stability double precision NOT NULL,
  difficulty double precision NOT NULL,
  elapsed_days integer NOT NULL,
  scheduled_days integer NOT NULL,
  learning_steps integer NOT NULL,
  reps integer NOT NULL,
  lapses integer NOT NULL,
  state smallint NOT NULL,
  last_review timestamptz NOT NULL,
  last_grade text NOT NULL CHECK (last_grade IN ('good', 'hard', 'again')),
  PRIMARY KEY (user_id, module_id)
);
CREATE INDEX line_reviews_due_idx ON line_reviews (user_id, due);

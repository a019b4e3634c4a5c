-- Each variation of a line (the main line and each sideline: one path from the start to an end of the tree of moves)
-- has a review card of its own, so a missed sideline brings back that sideline only. A variation is named by its key
-- (domain/chess/variations.ts): the moves where it leaves the first continuation, '' for the main line. The cards kept
-- so far were practices of the main line: they become its cards, their schedules unchanged.
ALTER TABLE line_reviews
  ADD COLUMN variation text NOT NULL DEFAULT '' CHECK (length(variation) <= 2000);
ALTER TABLE line_reviews DROP CONSTRAINT line_reviews_pkey;
ALTER TABLE line_reviews ADD PRIMARY KEY (user_id, module_id, variation);

-- The moves of lines a learner missed in practice or review (a wrong first try, or 'Show me'): one row per learner,
-- module, position and move, counting the misses, for /review's 'Difficult moves'. It goes with its module, its
-- course or its user. fen is the position before the move, where the learner had to find it.
CREATE TABLE line_mistakes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  module_id uuid NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  fen text NOT NULL CHECK (length(fen) <= 120),
  san text NOT NULL CHECK (length(san) <= 12),
  move_number integer NOT NULL,
  color text NOT NULL CHECK (color IN ('w', 'b')),
  misses integer NOT NULL CHECK (misses > 0),
  last_missed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, module_id, fen, san)
);
CREATE INDEX line_mistakes_ranked_idx ON line_mistakes (user_id, misses DESC, last_missed_at DESC);

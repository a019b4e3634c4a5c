-- A module's puzzle set: a JSON array of { "fen", "moves" } (the solution in UCI, the solver's move first), checked
-- puzzle by puzzle by the server (domain/chess/puzzleSets.ts) before it is stored. Kept with the module, as its line
-- is: the set is read, replaced and removed whole, with the module.
ALTER TABLE modules
  ADD COLUMN puzzles jsonb CHECK (
    puzzles IS NULL OR (jsonb_typeof(puzzles) = 'array' AND jsonb_array_length(puzzles) BETWEEN 1 AND 100)
  );
-- A module needs a video unless it has a line or, now, a puzzle set.
ALTER TABLE modules DROP CONSTRAINT modules_video_or_line;
ALTER TABLE modules ADD CONSTRAINT modules_video_or_line
  CHECK (video_url IS NOT NULL OR line_pgn IS NOT NULL OR puzzles IS NOT NULL);

-- Each student's first result of each puzzle of a set, by its place in the set (0 first). A set replaced keeps the
-- results of the puzzles it kept at their places (server/services/learning/puzzleSets.ts). course_id is the module's,
-- so a course's progress table counts its students' results with one indexed read.
CREATE TABLE module_puzzle_results (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  module_id uuid NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
  course_id uuid NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
  puzzle integer NOT NULL CHECK (puzzle BETWEEN 0 AND 99),
  solved boolean NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (user_id, module_id, puzzle)
);
CREATE INDEX module_puzzle_results_course_idx ON module_puzzle_results (course_id, user_id);
CREATE INDEX module_puzzle_results_module_idx ON module_puzzle_results (module_id);

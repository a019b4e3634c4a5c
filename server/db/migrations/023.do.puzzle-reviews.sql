-- The puzzles a player reviews on a schedule: their personal puzzles (a mistake of one of their kept games, where they
-- find the better move) and the rated puzzles they failed. Each keeps what the solver is shown (the position where
-- they move, the opponent's move that led there, the moves in UCI, solver's first) and one FSRS card, with the
-- columns of line_reviews. A new card is FSRS's empty card (the defaults below, state 0 "new"), never reviewed yet
-- (no last_review nor last_grade), due when it was made.
CREATE TABLE puzzle_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('mistake', 'puzzle')),
  -- a mistake: the kept game, the move's index in it (0 is the first move), the move played (SAN) and its mark
  game_id uuid REFERENCES games (id) ON DELETE CASCADE,
  ply integer CHECK (ply >= 0),
  played text,
  mark text CHECK (mark IN ('?', '??')),
  -- a failed rated puzzle
  puzzle_id text REFERENCES puzzles (id) ON DELETE CASCADE,
  fen text NOT NULL,
  last_move text,
  moves text[] NOT NULL CHECK (cardinality(moves) >= 1),
  due timestamptz NOT NULL,
  stability double precision NOT NULL DEFAULT 0,
  difficulty double precision NOT NULL DEFAULT 0,
  elapsed_days integer NOT NULL DEFAULT 0,
  scheduled_days integer NOT NULL DEFAULT 0,
  learning_steps integer NOT NULL DEFAULT 0,
  reps integer NOT NULL DEFAULT 0,
  lapses integer NOT NULL DEFAULT 0,
  state smallint NOT NULL DEFAULT 0,
  last_review timestamptz,
  last_grade text CHECK (last_grade IN ('good', 'again')),
  CONSTRAINT puzzle_reviews_kind_fields CHECK (
    CASE kind
      WHEN 'mistake' THEN game_id IS NOT NULL AND ply IS NOT NULL AND played IS NOT NULL AND mark IS NOT NULL
        AND puzzle_id IS NULL
      ELSE puzzle_id IS NOT NULL AND game_id IS NULL AND ply IS NULL AND played IS NULL AND mark IS NULL
    END
  ),
  -- a move of a game is kept once, a failed puzzle joins once (the other kind's columns are null, and nulls never
  -- collide); led by the game and the puzzle, so that deleting one (keeping a 201st game drops the oldest) and
  -- counting a game's puzzles walk these indexes
  UNIQUE (game_id, ply, user_id),
  UNIQUE (puzzle_id, user_id)
);
-- "Due now, most overdue first" and the next one due, per player: one index walk.
CREATE INDEX puzzle_reviews_due_idx ON puzzle_reviews (user_id, due);

-- The rated tactics trainer. Puzzles and players are both rated with Glicko-2 (a player's first attempt at a puzzle
-- is one rated game between them). Ratings are kept unrounded; the API answers them rounded.
CREATE TABLE puzzles (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,40}$'),
  fen text NOT NULL,
  moves text[] NOT NULL CHECK (cardinality(moves) >= 2),
  themes text[] NOT NULL DEFAULT '{}',
  rating double precision NOT NULL,
  deviation double precision NOT NULL DEFAULT 100,
  volatility double precision NOT NULL DEFAULT 0.06,
  plays integer NOT NULL DEFAULT 0 CHECK (plays >= 0)
);
-- The next puzzle near a rating: an index walk from a point of the rating line.
CREATE INDEX puzzles_rating_idx ON puzzles (rating, id);

-- One row per theme of a puzzle, with the puzzle's rating (kept equal to puzzles.rating in the same transaction),
-- so the next puzzle of a theme is the same index walk: (theme, rating).
CREATE TABLE puzzle_themes (
  theme text NOT NULL,
  puzzle_id text NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
  rating double precision NOT NULL,
  PRIMARY KEY (theme, puzzle_id)
);
CREATE INDEX puzzle_themes_theme_rating_idx ON puzzle_themes (theme, rating, puzzle_id);
CREATE INDEX puzzle_themes_puzzle_idx ON puzzle_themes (puzzle_id);

-- A player's puzzle rating; no row yet is 1500, deviation 350, volatility 0.06, played 0.
CREATE TABLE puzzle_ratings (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  rating double precision NOT NULL,
  deviation double precision NOT NULL,
  volatility double precision NOT NULL,
  played integer NOT NULL DEFAULT 0 CHECK (played >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A player's first attempt at a puzzle, the rated one: one per player and puzzle (parallel first attempts count
-- once). Also what "never a puzzle already played" reads, through the primary key: no index by puzzle, which the
-- planner would walk instead, reading every attempt of a much-played puzzle.
CREATE TABLE puzzle_attempts (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  puzzle_id text NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
  solved boolean NOT NULL,
  change double precision NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, puzzle_id)
);

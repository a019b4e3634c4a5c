-- Finished practice games a signed-in player keeps for analysis ('My games'). key is chosen by the client once
-- per game, so a retried save finds the game already kept instead of keeping it twice.
CREATE TABLE games (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key uuid NOT NULL,
  pgn text NOT NULL CHECK (octet_length(pgn) <= 20480),
  result text NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
  opponent_level text NOT NULL CHECK (opponent_level IN ('random', '1', '2', '3', '4', '5', '6', '7', '8')),
  colour text NOT NULL CHECK (colour IN ('white', 'black')),
  moves integer NOT NULL CHECK (moves >= 0),
  played_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (user_id, key)
);
-- 'My games', newest first: one index walk per page.
CREATE INDEX games_user_played_idx ON games (user_id, played_at DESC, id DESC);

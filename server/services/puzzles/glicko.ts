// Glicko-2 through the `glicko2` package: each rated attempt is one rating period of one game between the player and
// the puzzle, both rated from their values before it (lichess rates its puzzles the same way).
import { Glicko2 } from 'glicko2'

export interface Rating {
  rating: number
  deviation: number
  volatility: number
}

/** The system constant τ (the package's default; Glickman suggests 0.3 to 1.2). */
export const TAU = 0.5
/** A player before the first rated puzzle. */
export const NEW_PLAYER: Rating = { rating: 1500, deviation: 350, volatility: 0.06 }

/** A result against one opponent: 1 won, 0 lost, 0.5 drawn. */
export interface Game {
  opponent: Rating
  score: number
}

/** A player's rating after one rating period with these games (the paper's update, the package's arithmetic). */
export function rate(player: Rating, games: Game[]): Rating {
  const system = new Glicko2({ tau: TAU })
  const me = system.makePlayer(player.rating, player.deviation, player.volatility)
  const matches = games.map(
    (g): [ReturnType<Glicko2['makePlayer']>, ReturnType<Glicko2['makePlayer']>, number] => [
      me,
      system.makePlayer(g.opponent.rating, g.opponent.deviation, g.opponent.volatility),
      g.score,
    ],
  )
  system.updateRatings(matches)
  return { rating: me.getRating(), deviation: me.getRd(), volatility: me.getVol() }
}

/** The player and the puzzle after one attempt: the player scored 1 when solved, the puzzle the rest. */
export function rateAttempt(
  player: Rating,
  puzzle: Rating,
  solved: boolean,
): { player: Rating; puzzle: Rating } {
  const system = new Glicko2({ tau: TAU })
  const p = system.makePlayer(player.rating, player.deviation, player.volatility)
  const q = system.makePlayer(puzzle.rating, puzzle.deviation, puzzle.volatility)
  system.updateRatings([[p, q, solved ? 1 : 0]])
  const of = (x: typeof p): Rating => ({
    rating: x.getRating(),
    deviation: x.getRd(),
    volatility: x.getVol(),
  })
  return { player: of(p), puzzle: of(q) }
}

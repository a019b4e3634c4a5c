import { useState } from 'react'
import { Link } from 'react-router-dom'
import { LoadError } from '@/components/LoadError'
import { Spinner } from '@/components/Spinner'
import { analysisState } from '@/features/analysis/analysisStart'
import {
  analysable,
  gameDate,
  monthName,
  resultText,
  sides,
  timeControlText,
  variantName,
  type ChessComGame,
} from './chessComGames'
import { useRecentGames } from './recentGamesEndpoints'

/** Games shown at first, and added by each 'Show more games' (a busy player has hundreds a month). */
export const GAMES_SHOWN = 20

/** The player's games of the latest month on chess.com, fetched only once the section is opened. */
export function RecentGames({ username }: { username: string }) {
  const [open, setOpen] = useState(false)
  const [opened, setOpened] = useState(false)
  const recent = useRecentGames(username, opened)

  const toggle = () => {
    setOpen(!open)
    setOpened(true)
  }

  return (
    <section className="card" aria-labelledby="recent-games-heading">
      <h2 id="recent-games-heading">
        <button
          type="button"
          className="recent-games__toggle"
          aria-expanded={open}
          aria-controls="recent-games-body"
          onClick={toggle}
        >
          Recent games
        </button>
      </h2>
      <div id="recent-games-body" hidden={!open}>
        {recent.status === 'loading' && <Spinner />}
        {recent.status === 'error' && (
          <LoadError message="Could not load recent games." onRetry={recent.retry} />
        )}
        {recent.status === 'none' && <p className="muted">No games on chess.com yet.</p>}
        {recent.status === 'games' &&
          (recent.games.length === 0 ? (
            <p className="muted">No games in the latest month.</p>
          ) : (
            <GameList username={username} games={recent.games} month={monthName(recent.month)} />
          ))}
      </div>
    </section>
  )
}

function GameList({ username, games, month }: { username: string; games: ChessComGame[]; month: string }) {
  const [shown, setShown] = useState(GAMES_SHOWN)
  return (
    <>
      <p className="muted">
        {month} on chess.com, newest first ({games.length} {games.length === 1 ? 'game' : 'games'}).
      </p>
      <ul className="recent-games">
        {games.slice(0, shown).map((game) => (
          <GameRow key={game.url} username={username} game={game} />
        ))}
      </ul>
      {games.length > shown && (
        <button type="button" className="btn" onClick={() => setShown(shown + GAMES_SHOWN)}>
          Show more games
        </button>
      )}
    </>
  )
}

function GameRow({ username, game }: { username: string; game: ChessComGame }) {
  const both = sides(game, username)
  if (!both) return null
  const { opponent } = both
  const date = gameDate(game.end_time)
  const variant = variantName(game)
  return (
    <li className="recent-games__game">
      <span className="recent-games__opponent">
        {game.white === both.me ? 'White' : 'Black'} against <strong>{opponent.username}</strong>
        {opponent.rating !== undefined && ` (${opponent.rating})`}
      </span>
      <span className="recent-games__result">{resultText(game, username)}</span>
      <span className="muted">
        {timeControlText(game.time_control)}
        {variant && ` · ${variant}`} · {date}
      </span>
      {analysable(game) ? (
        <Link
          className="btn"
          to="/analysis"
          state={analysisState({ pgn: game.pgn })}
          aria-label={`Analyse the game against ${opponent.username}, ${date}`}
        >
          Analyse
        </Link>
      ) : (
        <span className="muted">{variant ? 'Not analysable here' : 'No moves given'}</span>
      )}
    </li>
  )
}

import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { GameSummary } from '@/api/generated/api'
import { ConfirmDialog } from '@/components/ConfirmDialog'
import { ErrorMessage } from '@/components/ErrorMessage'
import { LoadError } from '@/components/LoadError'
import { LoadMore } from '@/components/LoadMore'
import { Spinner } from '@/components/Spinner'
import { useDeleteGameMutation, useGetMyGamePagesInfiniteQuery } from './gamesEndpoints'

/** The game's outcome for its player: 'Won (1-0)', 'Lost (0-1)', 'Draw (1/2-1/2)'. */
export function outcomeText({ result, colour }: Pick<GameSummary, 'result' | 'colour'>): string {
  if (result === '1/2-1/2') return `Draw (${result})`
  const won = (result === '1-0') === (colour === 'white')
  return `${won ? 'Won' : 'Lost'} (${result})`
}

export const opponentText = (level: GameSummary['opponentLevel']) =>
  level === 'random' ? 'Random' : `Level ${level}`

const colourText = (colour: GameSummary['colour']) => (colour === 'white' ? 'White' : 'Black')

const dateText = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** 'My games' on one's own profile: the finished practice games kept, newest first, each opening in /analysis. */
export default function MyGames() {
  const pages = useGetMyGamePagesInfiniteQuery()
  const { data, isLoading, isError, refetch } = pages
  const games = data?.pages.flatMap((page) => page.items)
  const [confirming, setConfirming] = useState<GameSummary | null>(null)
  const [deleteFailed, setDeleteFailed] = useState(false)
  const [deleteGame, { isLoading: deleting }] = useDeleteGameMutation()

  async function confirmDelete() {
    if (!confirming) return
    const gameId = confirming._id
    setConfirming(null)
    try {
      await deleteGame({ gameId }).unwrap()
      setDeleteFailed(false)
    } catch {
      setDeleteFailed(true)
    }
  }

  return (
    <section className="card" aria-labelledby="my-games-heading">
      <h2 id="my-games-heading">My games</h2>
      {isLoading && <Spinner />}
      {isError && !games && (
        <LoadError message="Your games could not be loaded." onRetry={() => void refetch()} />
      )}
      {games && games.length === 0 && (
        <p className="muted">No games yet: your finished practice games are kept here.</p>
      )}
      {deleteFailed && <ErrorMessage>The game could not be deleted. Please try again.</ErrorMessage>}
      {games && games.length > 0 && (
        <div className="table-wrap">
          <table className="table table--stack">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Colour</th>
                <th scope="col">Opponent</th>
                <th scope="col">Result</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {games.map((game) => (
                <tr key={game._id}>
                  <td data-label="Date">{dateText(game.playedAt)}</td>
                  <td data-label="Colour">{colourText(game.colour)}</td>
                  <td data-label="Opponent">{opponentText(game.opponentLevel)}</td>
                  <td data-label="Result">{outcomeText(game)}</td>
                  <td>
                    <div className="row">
                      <Link to={`/analysis?game=${game._id}`}>Analyse</Link>
                      <button
                        type="button"
                        className="btn btn--danger"
                        disabled={deleting}
                        onClick={() => setConfirming(game)}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore what="games" auto={false} list={pages} />
      {confirming && (
        <ConfirmDialog
          message={`Delete the game of ${dateText(confirming.playedAt)}?`}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  )
}

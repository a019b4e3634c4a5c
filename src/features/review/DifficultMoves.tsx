import { Link } from 'react-router-dom'
import { numbered } from '@domain/chess/pgn'
import { colorOf } from '@domain/chess/vocabulary'
import { analysisState } from '@/features/analysis/analysisStart'
import { useGetDifficultMovesQuery } from '@/features/review/reviewEndpoints'
import './review.css'

/**
 * /review: 'Difficult moves', the moves of lines the learner missed most, each opening its position (the board before
 * the move) on /analysis.
 */
export function DifficultMoves() {
  const { data } = useGetDifficultMovesQuery()
  if (!data) return null
  return (
    <section className="card" aria-labelledby="difficult-moves-heading">
      <h2 id="difficult-moves-heading">Difficult moves</h2>
      {data.moves.length === 0 ? (
        <p className="muted">
          No missed moves yet: the moves you miss in practice and review will be listed here.
        </p>
      ) : (
        <ol className="difficult-moves">
          {data.moves.map((move) => {
            const name = numbered(move.moveNumber, colorOf(move.side), move.san)
            return (
              <li key={`${move.moduleId} ${move.fen} ${move.san}`}>
                <Link
                  to="/analysis"
                  state={analysisState({ fen: move.fen })}
                  aria-label={`${name} in ${move.moduleTitle}: open the position`}
                >
                  {name}
                </Link>{' '}
                in {move.moduleTitle}, missed {move.misses} {move.misses === 1 ? 'time' : 'times'}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}

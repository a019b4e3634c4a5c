import { Link } from 'react-router-dom'
import { defaultPieces } from 'react-chessboard'
import { piecesOf } from '@domain/chess/fenPieces'
import { useGetDailyPuzzleQuery } from './dailyPuzzleEndpoints'
import './dailyPuzzle.css'

const FILES = 'abcdefgh'

/**
 * The pieces after the opponent's move (UCI), read without chess.js (this section loads no chess.js of its own):
 * castling moves the rook too, en passant takes the pawn passed, a promotion puts the new piece.
 */
function afterMove(pieces: Record<string, string>, uci: string): Record<string, string> {
  const next = { ...pieces }
  const [from, to] = [uci.slice(0, 2), uci.slice(2, 4)]
  const piece = next[from]
  if (!piece) return next
  delete next[from]
  const fileStep = FILES.indexOf(to[0]) - FILES.indexOf(from[0])
  if (piece[1] === 'K' && Math.abs(fileStep) === 2) {
    const [rookFrom, rookTo] = fileStep > 0 ? ['h', 'f'] : ['a', 'd']
    next[rookTo + from[1]] = next[rookFrom + from[1]]
    delete next[rookFrom + from[1]]
  }
  if (piece[1] === 'P' && fileStep !== 0 && !next[to]) delete next[to[0] + from[1]]
  next[to] = uci[4] ? piece[0] + uci[4].toUpperCase() : piece
  return next
}

/**
 * 'Puzzle of the day' on /home: the daily puzzle's position after the opponent's move on a small board that cannot
 * be played on, turned to the side to move, and a link that opens it on /puzzles. No puzzle, no section.
 */
export function DailyPuzzle() {
  const { data: puzzle } = useGetDailyPuzzleQuery()
  if (!puzzle) return null
  // The FEN's side to move plays the opponent's move; the solver is the other side.
  const side = puzzle.fen.split(' ')[1] === 'w' ? 'black' : 'white'
  const pieces = afterMove(piecesOf(puzzle.fen), puzzle.moves[0])
  const ranks = side === 'white' ? '87654321' : '12345678'
  const files = side === 'white' ? FILES : [...FILES].reverse().join('')
  return (
    <section className="card daily-puzzle" aria-labelledby="daily-puzzle-title">
      <h2 id="daily-puzzle-title">Puzzle of the day</h2>
      <div className="daily-puzzle__board" role="img" aria-label={`Puzzle of the day: ${side} to move`}>
        {[...ranks].flatMap((rank, row) =>
          [...files].map((file, column) => {
            const piece = pieces[file + rank]
            return (
              <div
                key={file + rank}
                className={(row + column) % 2 ? 'daily-puzzle__square--dark' : 'daily-puzzle__square--light'}
                data-piece={piece}
              >
                {piece && defaultPieces[piece]?.()}
              </div>
            )
          }),
        )}
      </div>
      <p>
        <Link to={`/puzzles/${puzzle.id}`}>Solve the puzzle of the day</Link> (
        {side === 'white' ? 'White' : 'Black'} to move)
      </p>
    </section>
  )
}

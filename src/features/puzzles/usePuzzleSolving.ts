import { useEffect, useRef, useState } from 'react'
import type { BoardMove } from '@/features/game/ChessBoard'
import {
  hintSquare,
  playDecidingMove,
  playSolverMove,
  showSolution,
  startSolving,
  type MoveVerdict,
  type PuzzleLine,
  type Solving,
} from './puzzleSolving'

/** The pause before a move of the opponent's (and between the moves of a solution shown), as on lichess. */
export const OPPONENT_DELAY_MS = 400

/**
 * One puzzle being solved on the board: the moves played, how many of them the board shows yet (the opponent's moves
 * come after a pause), the last verdict and the hint. `onEnd` is called once, with whether the puzzle was solved.
 * With `firstMoveDecides` (a review) the solver's first move ends the puzzle, the solution then played on.
 */
export function usePuzzleSolving(
  puzzle: PuzzleLine,
  onEnd: (solved: boolean) => void,
  { firstMoveDecides = false }: { firstMoveDecides?: boolean } = {},
) {
  const [solving, setSolving] = useState<Solving>(() => startSolving(puzzle))
  const [shownCount, setShownCount] = useState(0)
  const [verdict, setVerdict] = useState<MoveVerdict | null>(null)
  const [hintAt, setHintAt] = useState<number | null>(null)
  const ended = useRef(false)

  // The board catches up with the moves played one at a time: the opponent's first move, each reply, the solution.
  useEffect(() => {
    if (shownCount >= solving.played.length) return
    const timer = setTimeout(() => setShownCount((n) => n + 1), OPPONENT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [shownCount, solving.played.length])

  function end(next: Solving) {
    if (ended.current || next.status === 'playing') return
    ended.current = true
    onEnd(next.status === 'solved')
  }

  function move(boardMove: BoardMove): boolean {
    const result = (firstMoveDecides ? playDecidingMove : playSolverMove)(puzzle, solving, boardMove)
    if (result.verdict === 'illegal') return false
    setVerdict(result.verdict)
    setSolving(result.solving)
    end(result.solving)
    if (result.verdict === 'wrong') return false
    // The solver's own move is shown at once; the reply follows after the pause.
    setShownCount(solving.played.length + 1)
    return true
  }

  function viewSolution() {
    const next = showSolution(puzzle, solving)
    setSolving(next)
    end(next)
  }

  const ready = shownCount === solving.played.length
  return {
    solving,
    shown: solving.played.slice(0, shownCount),
    canMove: ready && solving.status === 'playing',
    verdict,
    hint: hintAt === solving.played.length ? hintSquare(puzzle, solving) : null,
    askHint: () => setHintAt(solving.played.length),
    move,
    viewSolution,
  }
}

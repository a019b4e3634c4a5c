// Practising a line: the student plays their side of one variation (the main line unless another is named) from the
// start; the other side's moves are played for them. A wrong move is taken back ('Not the move we are looking for.
// Try again.'); then 'Hint' points at the piece to move and 'Show me' plays the move and names it ('The move was
// Nf3.'), counted as a mistake. The moves missed are kept (`missed`), for 'Difficult moves' on /review.
// A plain reducer (useReducer in LinePractice), tested on its own.
import { mainLine, type LineSide, type ParsedLine } from '@domain/chess/pgn'
import { readStamp } from '@domain/chess/videoStamps'

export const OPPONENT_DELAY_MS = 500
export const TRY_AGAIN_TEXT = 'Not the move we are looking for. Try again.'
export const moveWasText = (san: string) => `The move was ${san}.`
export const completeText = (right: number, total: number) =>
  `Line complete: ${right} of ${total} moves right at the first try.`

export interface PracticeMove {
  san: string
  color: 'w' | 'b'
  fen: string
  /** The author's comment on the move, as shown (without its `[%…]` commands). */
  comment?: string
}

export interface PracticeState {
  startFen: string
  /** The main line. */
  moves: PracticeMove[]
  student: 'w' | 'b'
  /** Moves played so far. */
  ply: number
  /** Wrong tries at the student's current move. */
  tries: number
  /** Student moves played right at the first try, and all student moves of the line. */
  right: number
  total: number
  /** The plies (indexes into `moves`) of the student moves not played right at the first try, in order. */
  missed: number[]
  /** What the last try earned: '', 'Try again.' or 'The move was …'. */
  feedback: string
  /** The last move played on the board (for the spoken announcement); null before the first. */
  lastMove: PracticeMove | null
  /** 'Hint' was asked for at the student's current move. */
  hinted: boolean
}

export type PracticeAction =
  | { type: 'moveTried'; san: string }
  | { type: 'hinted' }
  | { type: 'shown' }
  | { type: 'opponentMoved' }
  | { type: 'restarted' }

/** A practice of `path` (node ids from the first move; the main line when not given). */
export function startPractice(line: ParsedLine, side: LineSide, path = mainLine(line)): PracticeState {
  const moves = path.map((id) => {
    const { san, color, fen } = line.nodes[id]
    const comment = readStamp(line.nodes[id].comment).text
    return { san, color, fen, ...(comment && { comment }) }
  })
  const student = side === 'white' ? 'w' : 'b'
  return {
    startFen: line.nodes[0].fen,
    moves,
    student,
    ply: 0,
    tries: 0,
    right: 0,
    total: moves.filter((m) => m.color === student).length,
    missed: [],
    feedback: '',
    lastMove: null,
    hinted: false,
  }
}

export const positionOf = (s: PracticeState) => (s.ply === 0 ? s.startFen : s.moves[s.ply - 1].fen)
export const isComplete = (s: PracticeState) => s.ply >= s.moves.length
export const opponentToMove = (s: PracticeState) => !isComplete(s) && s.moves[s.ply].color !== s.student
export const studentToMove = (s: PracticeState) => !isComplete(s) && s.moves[s.ply].color === s.student
/** Student moves not played right at the first try: what grades the practice. */
export const mistakesOf = (s: PracticeState) => s.total - s.right

/** The ply the student is at, added to the moves missed (once). */
const missedHere = (s: PracticeState) => (s.missed.includes(s.ply) ? s.missed : [...s.missed, s.ply])

/**
 * What the student is asked to do, above the board: the line's own prompt (the comment before its first move, such
 * as 'White to play and mate in two.'), else which side they play.
 */
export function promptOf(line: ParsedLine, side: LineSide): string {
  return readStamp(line.nodes[0].comment).text || `You play ${side === 'white' ? 'White' : 'Black'}.`
}

export function practiceReducer(state: PracticeState, action: PracticeAction): PracticeState {
  switch (action.type) {
    case 'moveTried': {
      if (!studentToMove(state)) return state
      const expected = state.moves[state.ply]
      if (action.san === expected.san)
        return {
          ...state,
          ply: state.ply + 1,
          tries: 0,
          right: state.right + (state.tries === 0 ? 1 : 0),
          feedback: '',
          lastMove: expected,
          hinted: false,
        }
      return { ...state, tries: state.tries + 1, feedback: TRY_AGAIN_TEXT, missed: missedHere(state) }
    }
    case 'hinted':
      return studentToMove(state) ? { ...state, hinted: true } : state
    case 'shown': {
      // Played for the student: a mistake, as a wrong try is.
      if (!studentToMove(state)) return state
      const expected = state.moves[state.ply]
      return {
        ...state,
        ply: state.ply + 1,
        tries: 0,
        missed: missedHere(state),
        feedback: moveWasText(expected.san),
        lastMove: expected,
        hinted: false,
      }
    }
    case 'opponentMoved': {
      if (!opponentToMove(state)) return state
      const move = state.moves[state.ply]
      return {
        ...state,
        ply: state.ply + 1,
        lastMove: move,
        feedback: state.feedback === TRY_AGAIN_TEXT ? '' : state.feedback,
      }
    }
    case 'restarted':
      return { ...state, ply: 0, tries: 0, right: 0, missed: [], feedback: '', lastMove: null, hinted: false }
  }
}

/** The move the student is asked for; undefined when it is not their turn. */
export const expectedMove = (s: PracticeState) => (studentToMove(s) ? s.moves[s.ply] : undefined)

/**
 * The author's comments on the moves played since the student's turn came last: their move (played, or shown)
 * and the opponent's reply.
 */
export function recentComments(s: PracticeState): string[] {
  let first = s.ply - 1
  while (first > 0 && s.moves[first].color !== s.student) first--
  if (first < 0 || s.moves[first]?.color !== s.student) return []
  return s.moves
    .slice(first, s.ply)
    .map((m) => m.comment)
    .filter((c): c is string => !!c)
}

// The practice reducer. The student plays their side of the main line; a wrong move is taken
// back with 'Not the move we are looking for. Try again.'; 'Hint' marks the piece to move, 'Show me' plays the right
// move ('The move was …') and counts as a mistake; the other side's moves are played for them; the author's comments
// on the moves just played are given; the line ends with k of n moves right at the first try.
import { describe, expect, it } from 'vitest'
import { parsePgn } from '@domain/chess/pgn'
import {
  completeText,
  expectedMove,
  isComplete,
  mistakesOf,
  opponentToMove,
  positionOf,
  practiceReducer,
  promptOf,
  startPractice,
  recentComments,
  studentToMove,
  type PracticeAction,
  type PracticeState,
} from '@/features/lines/practice'

const ITALIAN = parsePgn('1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4) 3. Bc4 Bc5 *')
const play = (state: PracticeState, ...actions: PracticeAction[]) => actions.reduce(practiceReducer, state)
const tried = (san: string): PracticeAction => ({ type: 'moveTried', san })
const opponent: PracticeAction = { type: 'opponentMoved' }

describe("the author's comments", () => {
  it("gives the comments on the student's move and the reply to it", () => {
    const line = parsePgn('1. e4 {Best by test.} e5 {Symmetric.} 2. Nf3 Nc6 *')
    const s = play(startPractice(line, 'white'), tried('e4'))
    expect(recentComments(s)).toEqual(['Best by test.'])
    expect(recentComments(play(s, opponent))).toEqual(['Best by test.', 'Symmetric.'])
    expect(recentComments(play(s, opponent, tried('Nf3')))).toEqual([])
  })

  it('gives the comments without their video stamps and other commands, and none left empty by them', () => {
    const line = parsePgn('1. e4 {[%vt 0:05] Best by test.} e5 {[%vt 0:08] [%vt-ask]} 2. Nf3 Nc6 *')
    const s = play(startPractice(line, 'white'), tried('e4'), opponent)
    expect(recentComments(s)).toEqual(['Best by test.'])
  })
})

describe('practising as White', () => {
  const start = startPractice(ITALIAN, 'white')

  it('asks for the main line only, the student moving first from the start position', () => {
    expect(start.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5'])
    expect(start.total).toBe(3)
    expect(positionOf(start)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')
    expect(studentToMove(start)).toBe(true)
  })

  it('plays a right move and hands over to the opponent, whose move is then played for them', () => {
    const s = play(start, tried('e4'))
    expect(s).toMatchObject({ ply: 1, right: 1, feedback: '', lastMove: { san: 'e4', color: 'w' } })
    expect(opponentToMove(s)).toBe(true)
    // the student cannot move for the opponent
    expect(play(s, tried('e5'))).toBe(s)
    const after = play(s, opponent)
    expect(after).toMatchObject({ ply: 2, lastMove: { san: 'e5', color: 'b' } })
    expect(studentToMove(after)).toBe(true)
  })

  it("takes a wrong move back with 'Not the move we are looking for. Try again.', and counts a right second try as a mistake", () => {
    const wrong = play(start, tried('d4'))
    expect(wrong).toMatchObject({
      ply: 0,
      tries: 1,
      feedback: 'Not the move we are looking for. Try again.',
      lastMove: null,
    })
    // any number of wrong tries: the move is not played for the student unless they ask
    expect(play(wrong, tried('c4'))).toMatchObject({ ply: 0, tries: 2 })
    const second = play(wrong, tried('e4'))
    expect(second).toMatchObject({ ply: 1, tries: 0, right: 0, feedback: '' })
  })

  it("'Hint' asks for the piece; 'Show me' plays the move, names it ('The move was Nf3.') and counts a mistake", () => {
    const wrong = play(start, tried('e4'), opponent, tried('Bc4'))
    const hinted = play(wrong, { type: 'hinted' })
    expect(hinted).toMatchObject({ ply: 2, hinted: true })
    expect(expectedMove(hinted)?.san).toBe('Nf3')
    const s = play(hinted, { type: 'shown' })
    expect(s).toMatchObject({
      ply: 3,
      feedback: 'The move was Nf3.',
      lastMove: { san: 'Nf3' },
      hinted: false,
    })
    // shown without a wrong try first: still a mistake
    const shown = play(start, { type: 'shown' }, opponent, tried('Nf3'), opponent, tried('Bc4'), opponent)
    expect(mistakesOf(shown)).toBe(1)
    expect(positionOf(s)).toBe(ITALIAN.nodes[ITALIAN.nodes[ITALIAN.nodes[1].children[0]].children[0]].fen)
    // the opponent's next move clears no feedback but a 'Try again.'
    expect(play(s, opponent).feedback).toBe('The move was Nf3.')
  })

  it('ends with k of n moves right at the first try; mistakes grade the review', () => {
    const s = play(start, tried('e4'), opponent, tried('d4'), tried('Nf3'), opponent, tried('Bc4'), opponent)
    expect(isComplete(s)).toBe(true)
    expect(s.right).toBe(2)
    expect(mistakesOf(s)).toBe(1)
    expect(completeText(s.right, s.total)).toBe('Line complete: 2 of 3 moves right at the first try.')
    // nothing moves after the end; a restart begins again
    expect(play(s, tried('O-O'), opponent)).toBe(s)
    expect(play(s, { type: 'restarted' })).toMatchObject({ ply: 0, right: 0, tries: 0, feedback: '' })
  })
})

describe('practising as Black', () => {
  it("starts with the opponent's move and counts only Black's moves", () => {
    const s = startPractice(ITALIAN, 'black')
    expect(s.total).toBe(3)
    expect(opponentToMove(s)).toBe(true)
    const done = play(s, opponent, tried('e5'), opponent, tried('Nc6'), opponent, tried('Bc5'))
    expect(isComplete(done)).toBe(true)
    expect(completeText(done.right, done.total)).toBe('Line complete: 3 of 3 moves right at the first try.')
    expect(mistakesOf(done)).toBe(0)
  })

  it('starts from a SetUp/FEN position', () => {
    const lucena = parsePgn('[SetUp "1"]\n[FEN "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"]\n1. Rd1+ Ke7 2. Kc7 *')
    const s = startPractice(lucena, 'white')
    expect(positionOf(s)).toBe('1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1')
    expect(s.total).toBe(2)
  })
})

describe('a variation, the moves missed and the prompt', () => {
  it("practises the path it is given (a sideline), and keeps the plies of the student's moves missed", () => {
    const line = parsePgn('1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4) 3. Bc4 Bc5 *')
    const sideline = [1, 2, 3, 5, 6]
    const s = startPractice(line, 'white', sideline)
    expect(s.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nf3', 'd6', 'd4'])
    // e4 right; Nf3 after a wrong try; d4 shown
    const done = play(s, tried('e4'), opponent, tried('Bc4'), tried('Nf3'), opponent, { type: 'shown' })
    expect(isComplete(done)).toBe(true)
    expect(done.missed).toEqual([2, 4])
    expect(mistakesOf(done)).toBe(done.missed.length)
    expect(play(done, { type: 'restarted' }).missed).toEqual([])
  })

  it("asks with the line's own prompt, the comment before its first move, else names the side played", () => {
    const mate = parsePgn(
      '[SetUp "1"]\n[FEN "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1"]\n{White to play and mate in two. [%vt 0:01]} 1. Qd8+ Bxd8 2. Re8# 1-0',
    )
    expect(promptOf(mate, 'white')).toBe('White to play and mate in two.')
    expect(promptOf(ITALIAN, 'black')).toBe('You play Black.')
  })
})

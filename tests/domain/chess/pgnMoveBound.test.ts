import { describe, expect, it } from 'vitest'
import { readGame, resultByRules } from '@domain/chess/gameResult'
import { checkMoveCount, mainLine, parsePgn, PgnError } from '@domain/chess/pgn'

const SHUFFLE = ['Nf3', 'Nf6', 'Ng1', 'Ng8']
/** `plies` knight moves there and back from the start (legal; the start position comes back every 4 plies). */
const shuffle = (plies: number) =>
  Array.from({ length: plies }, (_, i) => (i % 2 ? SHUFFLE[i % 4] : `${i / 2 + 1}. ${SHUFFLE[i % 4]}`)).join(
    ' ',
  )

describe('the bound on moves', () => {
  it('reads a line of exactly the bound given, and refuses one move more naming the bound', () => {
    expect(parsePgn(shuffle(600), { maxMoves: 600 }).nodes).toHaveLength(601)
    expect(() => parsePgn(shuffle(601), { maxMoves: 600 })).toThrow(
      new PgnError('The PGN holds more than 600 moves (main line and variations together)'),
    )
  })

  it('counts the moves of variations with the main line', () => {
    const pgn = `${shuffle(596)} (298... Nc6 299. Nc3 Nb8) *`
    expect(() => parsePgn(pgn, { maxMoves: 598 })).toThrow(/more than 598 moves/)
    expect(parsePgn(pgn, { maxMoves: 599 }).nodes).toHaveLength(600)
  })

  it('counts before playing: a text over the bound is refused for its length even when its first move is illegal', () => {
    const pgn = `1. Ke3 ${shuffle(700)}`
    expect(() => parsePgn(pgn, { maxMoves: 600 })).toThrow(/more than 600 moves/)
    expect(() => checkMoveCount(pgn, 600)).toThrow(/more than 600 moves/)
  })

  it('does not count move numbers, results, NAGs, comments or escaped lines as moves', () => {
    const pgn = '{1. e4 e5} 1. e4 $1 ; 2. d4 d5\n% 3. c4\ne5 2.Nf3 1-0'
    expect(() => checkMoveCount(pgn, 3)).not.toThrow()
    expect(() => checkMoveCount(pgn, 2)).toThrow(/more than 2 moves/)
  })

  it('leaves a malformed text to the reader, whose refusal names the fault', () => {
    expect(() => checkMoveCount('1. e4 {never closed', 1)).not.toThrow()
    expect(() => checkMoveCount('[Event "x"', 1)).not.toThrow()
    expect(() => parsePgn('1. e4 {never closed', { maxMoves: 1 })).toThrow(/comment that is never closed/)
  })

  it('takes no bound above the line bound (1,500 moves)', () => {
    expect(() => parsePgn(shuffle(1501), { maxMoves: 5000 })).toThrow(/more than 1500 moves/)
  })
})

describe('readGame', () => {
  const games = {
    "Scholar's mate": '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0',
    "Fool's mate": '1. f3 e5 2. g4 Qh4# 0-1',
    stalemate: '[SetUp "1"]\n[FEN "7k/8/6Q1/8/8/8/8/K7 w - - 0 1"]\n\n1. Qf7 1/2-1/2',
    'threefold repetition': `${shuffle(8)} 1/2-1/2`,
    'a game going on': '1. e4 e5 2. Nf3 *',
    'a game with variations': '1. e4 e5 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 (3... g6) 4. Qxf7# 1-0',
  }
  for (const [name, pgn] of Object.entries(games))
    it(`gives the plies of the main line and the result by the rules, in one reading: ${name}`, () => {
      const line = parsePgn(pgn)
      expect(readGame(pgn)).toEqual({ plies: mainLine(line).length, result: resultByRules(line) })
    })

  it('refuses what parsePgn refuses, with the bound given', () => {
    expect(() => readGame('1. e4 e5 2. Ke3')).toThrow(new PgnError('Illegal move 2. Ke3'))
    expect(() => readGame(shuffle(9), { maxMoves: 8 })).toThrow(/more than 8 moves/)
  })
})

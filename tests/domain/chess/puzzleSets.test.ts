// A module's puzzle set (domain/chess/puzzleSets.ts): the rules the studio and the server check a set against, and
// 'Import PGN', which makes puzzles of games with a [FEN] tag and names every game it refuses.
import { describe, expect, it } from 'vitest'
import {
  importPuzzlePgn,
  MAX_PUZZLE_MOVES,
  MAX_SET_PUZZLES,
  readPuzzleSet,
  solverColor,
  splitGames,
} from '@domain/chess/puzzleSets'

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
/** After 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6: White mates with Qxf7. */
const SCHOLAR = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
/** A mate in two for White: 1. Qd8+ Bxd8 2. Re8#. */
const MATE_IN_TWO = 'r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1'
/** Black to move after 1. e4 e5 2. Nf3. */
const BLACK_TO_MOVE = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'

describe('checking a puzzle set', () => {
  it('accepts legal puzzles and gives back each FEN as chess.js writes it', () => {
    const read = readPuzzleSet([
      { fen: `  ${SCHOLAR.replace(/ /g, '   ')} `, moves: ['h5f7'] },
      { fen: MATE_IN_TWO, moves: ['d5d8', 'e7d8', 'e1e8'] },
    ])
    expect(read).toEqual({
      puzzles: [
        { fen: SCHOLAR, moves: ['h5f7'] },
        { fen: MATE_IN_TWO, moves: ['d5d8', 'e7d8', 'e1e8'] },
      ],
    })
  })

  it.each([
    [
      'an illegal move, by its number and UCI',
      [
        { fen: START, moves: ['e2e4'] },
        { fen: START, moves: ['e2e4', 'e7e4', 'g1f3'] },
      ],
      'Puzzle 2: move 2 (e7e4) is illegal',
    ],
    ['a move out of turn', [{ fen: BLACK_TO_MOVE, moves: ['e2e4'] }], 'Puzzle 1: move 1 (e2e4) is illegal'],
    ['a text that is no move', [{ fen: START, moves: ['e4'] }], 'Puzzle 1: move 1 (e4) is illegal'],
    [
      'a promotion without its piece',
      [{ fen: '8/4P3/8/8/8/8/k7/7K w - - 0 1', moves: ['e7e8'] }],
      'Puzzle 1: move 1 (e7e8) is illegal',
    ],
    ['a promotion piece on a move that promotes nothing', [{ fen: START, moves: ['e2e4q'] }], 'illegal'],
    ['a position without kings', [{ fen: '8/8/8/8/8/8/8/8 w - - 0 1', moves: ['a1a2'] }], 'not a legal'],
    ['a FEN that does not read', [{ fen: 'not a fen', moves: ['e2e4'] }], 'Puzzle 1: the FEN is not a legal'],
    ['no moves', [{ fen: START, moves: [] }], 'Puzzle 1: no moves'],
    [
      "a solution ending with the opponent's move",
      [{ fen: START, moves: ['e2e4', 'e7e5'] }],
      "Puzzle 1: the last move is the opponent's",
    ],
    [
      'too many moves',
      [{ fen: START, moves: Array.from({ length: MAX_PUZZLE_MOVES + 1 }, () => 'g1f3') }],
      `Puzzle 1: more than ${MAX_PUZZLE_MOVES} moves`,
    ],
    ['no puzzle', [], 'A puzzle set needs at least one puzzle'],
    [
      'more than 100 puzzles',
      Array.from({ length: MAX_SET_PUZZLES + 1 }, () => ({ fen: SCHOLAR, moves: ['h5f7'] })),
      'More than 100 puzzles',
    ],
  ])('refuses %s, naming it', (_what, puzzles, problem) => {
    const read = readPuzzleSet(puzzles)
    expect(read.problem).toContain(problem)
  })

  it('tells the solver by the side to move', () => {
    expect(solverColor({ fen: SCHOLAR, moves: ['h5f7'] })).toBe('w')
    expect(solverColor({ fen: BLACK_TO_MOVE, moves: ['b8c6'] })).toBe('b')
  })
})

describe('splitting a PGN text into games', () => {
  it('ends a game at its result, at the next tags after its moves, or at a tag it already has', () => {
    const text = [
      '[Event "One"]\n[FEN "x"]\n1. e4 e5 1-0',
      '1. d4 *',
      '[FEN "y"]',
      '[FEN "z"]\n{A comment with [brackets] and 1-0 inside} 1. c4',
      '[Event "Four"]\n[Site "a ] b"]\n1. Nf3 (1. g3) Nf6',
    ].join('\n\n')
    expect(splitGames(text)).toEqual([
      '[Event "One"]\n[FEN "x"]\n1. e4 e5 1-0',
      '1. d4 *',
      '[FEN "y"]',
      '[FEN "z"]\n{A comment with [brackets] and 1-0 inside} 1. c4',
      '[Event "Four"]\n[Site "a ] b"]\n1. Nf3 (1. g3) Nf6',
    ])
    expect(splitGames('  \n ')).toEqual([])
  })
})

describe("'Import PGN'", () => {
  it('makes a puzzle of each game: its [FEN] tag the position, its main line the solution in UCI', () => {
    const pgn = `[Event "Mate in two"]
[SetUp "1"]
[FEN "${MATE_IN_TWO}"]

1. Qd8+ Bxd8 2. Re8# 1-0

[FEN "${BLACK_TO_MOVE}"]

2... Nc6 *`
    expect(importPuzzlePgn(pgn)).toEqual({
      puzzles: [
        { fen: MATE_IN_TWO, moves: ['d5d8', 'e7d8', 'e1e8'] },
        { fen: BLACK_TO_MOVE, moves: ['b8c6'] },
      ],
      errors: [],
      refused: [],
    })
  })

  it('drops comments, NAGs and variations, and a last move of the opponent', () => {
    const pgn = `[FEN "${SCHOLAR}"]
{Find the mate.} 4. Qxf7# $1 {Mate.} (4. Qxe5+?! $6 {A check, no more.} Nxe5) 1-0

[FEN "${MATE_IN_TWO}"] 1. Qd8+ ; the queen goes first
Bxd8 2. Re8# (2. Re7?) *

[FEN "${START}"] 1. e4 e5 *`
    expect(importPuzzlePgn(pgn)).toEqual({
      puzzles: [
        { fen: SCHOLAR, moves: ['h5f7'] },
        { fen: MATE_IN_TWO, moves: ['d5d8', 'e7d8', 'e1e8'] },
        { fen: START, moves: ['e2e4'] },
      ],
      errors: [],
      refused: [],
    })
  })

  it('names each game it refuses and still takes the good ones', () => {
    const pgn = `[FEN "${SCHOLAR}"] 4. Qxf7# 1-0
[Event "No position"] 1. e4 e5 *
[FEN "8/8/8/8/8/8/8/8 w - - 0 1"] 1. Kh1 *
[FEN "${START}"] 1. e4 e5 2. Nf3 Nf6 3. Nxe5 Nxe5 *
[FEN "${START}"] *
[FEN "${BLACK_TO_MOVE}"] 2... Nc6 3. Bb5 a6 *
[FEN "${START}"] 1. e4 {never closed`
    const result = importPuzzlePgn(pgn)
    expect(result.puzzles).toEqual([
      { fen: SCHOLAR, moves: ['h5f7'] },
      { fen: BLACK_TO_MOVE, moves: ['b8c6', 'f1b5', 'a7a6'] },
    ])
    expect(result.errors).toEqual([
      'Game 2: no [FEN] tag',
      'Game 3: the [FEN] tag is not a legal position',
      'Game 4: move 3...Nxe5 is illegal',
      'Game 5: no moves',
      'Game 7: the PGN has a comment that is never closed (after 1. e4)',
    ])
    // the refused games' own texts, to be corrected
    expect(result.refused).toHaveLength(5)
    expect(result.refused[0]).toBe('[Event "No position"] 1. e4 e5 *')
  })

  it('names a White move as 3.Nf6', () => {
    expect(importPuzzlePgn(`[FEN "${START}"] 1. e4 e5 2. Nf6 *`).errors).toEqual([
      'Game 1: move 2.Nf6 is illegal',
    ])
  })

  it('takes as many puzzles as the set has room for, and says how many games were left out', () => {
    const game = `[FEN "${SCHOLAR}"] 4. Qxf7# 1-0\n`
    const result = importPuzzlePgn(game.repeat(4), 2)
    expect(result.puzzles).toHaveLength(2)
    expect(result.errors).toEqual(['More than 100 puzzles: 2 games were left out'])
    expect(importPuzzlePgn(game.repeat(MAX_SET_PUZZLES + 1)).errors).toEqual([
      'More than 100 puzzles: 1 game was left out',
    ])
  })

  it('refuses a solution longer than a puzzle may be', () => {
    const knights = `${'1. Nf3 Nf6 2. Ng1 Ng8 '.repeat(8)}3. Nf3 *`
    expect(importPuzzlePgn(`[FEN "${START}"] ${knights}`).errors).toEqual([
      `Game 1: more than ${MAX_PUZZLE_MOVES} moves`,
    ])
  })

  it('refuses a text over 64 KB whole, and a text without games', () => {
    expect(importPuzzlePgn(`{${'x'.repeat(64 * 1024)}}`)).toEqual({
      puzzles: [],
      errors: ['The PGN is larger than 64 KB'],
      refused: [],
    })
    expect(importPuzzlePgn(' \n')).toEqual({ puzzles: [], errors: ['No game found in the PGN'], refused: [] })
  })
})

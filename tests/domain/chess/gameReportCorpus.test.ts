// The game report on famous games (corpus/*.pgn, whole game scores), as a user gets it: the engine the app ships
// (Stockfish 19 lite, single-threaded) run in Node as scripts/engine-strength.mjs runs it, through the report's
// own run (src/features/analysis/reportRunner.ts: REPORT_NODES per position, each on one thread from a cleared
// hash, then the kernel's judgement). Each game asserts the marks it is sure of: a blunder the books and a deep
// search agree on, and the moves that must stay unmarked (a combination that wins, a forced mate, a quiet draw).
// The longer games are analysed from a move on: each position is searched on its own, so a move's mark is the same
// as in the whole game's report.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JUDGEMENT_GLYPHS, type GameReport } from '@domain/chess/gameReport'
import { mainLine, numbered, parsePgn } from '@domain/chess/pgn'
import type { Side } from '@domain/chess/vocabulary'
import { reportGameOf, runReport, type ReportGame } from '@/features/analysis/reportRunner'
import type { AnalysisEngine } from '@/features/game/uciAnalysis'
import { startNodeAnalysis } from '../../support/nodeEngine'

/** From the repository's root, where vitest runs. */
const CORPUS_DIR = 'tests/domain/chess/corpus'

type Mark = '?!' | '?' | '??' | null

interface Case {
  pgn: string
  /** The first move analysed ('13. Rxd7'); the whole game when absent. */
  from?: string
  /** The last move analysed; the end of the game when absent. */
  to?: string
  /** Moves and the mark each must get (null: none). */
  marks?: Record<string, Mark>
  /** The side (or both) none of whose analysed moves may be marked. */
  unmarked?: Side | 'both'
}

const CORPUS: Case[] = [
  // 3... Nf6?? allows 4. Qxf7#.
  { pgn: 'scholars-mate.pgn', marks: { '3... Nf6': '??', '4. Qxf7#': null } },
  // Morphy's finish: 15. Bxd7+ starts a forced mate (16. Qb8+ Nxb8 17. Rd8#) that a small search misses.
  { pgn: 'opera-game.pgn', from: '13. Rxd7', unmarked: 'white' },
  // Anderssen's mate with both rooks and the queen given: every move of both sides is forced.
  { pgn: 'immortal-game.pgn', from: '21. Nxg7+', unmarked: 'both' },
  // Anderssen's finish 20. Rxe7+ Nxe7 21. Qxd7+ Kxd7 22. Bf5+ Ke8 23. Bd7+ Kf8 24. Bxe7#. (The blunder before it,
  // 19... Qxf3??, is not asserted: the engine sees 21. Qxd7+ only from about a million nodes.)
  { pgn: 'evergreen-game.pgn', from: '20. Rxe7+', unmarked: 'white' },
  // 11. Bg5?? loses to 11... Na4!!; 17... Be6!! gives the queen for a winning attack.
  {
    pgn: 'game-of-the-century.pgn',
    from: '11. Bg5',
    to: '18... Bxc4+',
    marks: { '11. Bg5': '??' },
    unmarked: 'black',
  },
  // A quiet draw by repetition: no mark at all.
  { pgn: 'carlsen-anand-2013-1.pgn', unmarked: 'both' },
  // 5... Bxd1?? allows mate in two.
  { pgn: 'legals-mate.pgn', marks: { '5... Bxd1': '??' }, unmarked: 'white' },
  // 8... Nxe4?? allows 9. Qd8+ Kxd8 10. Bg5+ Kc7 11. Bd8#, a mate the engine sees only after the move.
  { pgn: 'reti-tartakower.pgn', from: '8... Nxe4', marks: { '8... Nxe4': '??' }, unmarked: 'white' },
  // 10... Qe7?? allows 11. Qxh7+ and the king's march to g1.
  { pgn: 'lasker-thomas.pgn', from: '10... Qe7', marks: { '10... Qe7': '??' }, unmarked: 'white' },
  // 20. Qh5?? loses to Marshall's attack, crowned by 23... Qg3!!.
  { pgn: 'levitsky-marshall.pgn', from: '20. Qh5', marks: { '20. Qh5': '??' }, unmarked: 'black' },
]

let engine: AnalysisEngine
beforeAll(async () => {
  engine = await startNodeAnalysis()
}, 60_000)
afterAll(() => engine?.quit())

/** A game of the corpus, and its moves as a move list writes them ('13. Rxd7', '15... Nxd7'). */
function readGame(file: string): { game: ReportGame; names: string[] } {
  const line = parsePgn(readFileSync(`${CORPUS_DIR}/${file}`, 'utf8'))
  const names = mainLine(line).map((id) =>
    numbered(line.nodes[id].moveNumber, line.nodes[id].color, line.nodes[id].san),
  )
  return { game: reportGameOf(line), names }
}

/** The moves from `from` to `to` (names) as a game of their own: their positions, the one before the first included. */
function part(game: ReportGame, names: string[], from?: string, to?: string) {
  const first = from === undefined ? 0 : names.indexOf(from)
  const last = to === undefined ? names.length - 1 : names.indexOf(to)
  if (first < 0 || last < first) throw new Error(`No moves ${from ?? ''} to ${to ?? ''} in the game`)
  return {
    game: { fens: game.fens.slice(first, last + 2), played: game.played.slice(first, last + 1) },
    names: names.slice(first, last + 1),
  }
}

const marksOf = (report: GameReport, names: string[]): [string, Mark][] =>
  report.moves.map((move, i) => [names[i], move.judgement ? JUDGEMENT_GLYPHS[move.judgement] : null])

/** What a case's name says it asserts: '3... Nf6??, 4. Qxf7# unmarked, white unmarked'. */
const asserted = ({ marks = {}, unmarked }: Case) =>
  [
    ...Object.entries(marks).map(([move, mark]) => `${move}${mark ?? ' unmarked'}`),
    ...(unmarked ? [`${unmarked === 'both' ? 'every move' : unmarked} unmarked`] : []),
  ].join(', ')

const side = (name: string): Side => (name.includes('...') ? 'black' : 'white')

let scholarsMate: GameReport | null = null

describe('the game report on famous games, with the engine the app ships', () => {
  for (const c of CORPUS)
    it(`${c.pgn}${c.from ? ` from ${c.from}` : ''}: ${asserted(c)}`, async () => {
      const whole = readGame(c.pgn)
      const { game, names } = part(whole.game, whole.names, c.from, c.to)
      const report = await runReport(engine, game)
      if (c.pgn === 'scholars-mate.pgn') scholarsMate = report
      const got = marksOf(report!, names)
      const marks = c.marks ?? {}
      expect(Object.fromEntries(got.filter(([name]) => name in marks))).toEqual(marks)
      const { unmarked } = c
      if (unmarked)
        expect(
          got.filter(([name, mark]) => mark && (unmarked === 'both' || side(name) === unmarked)),
        ).toEqual([])
    }, 120_000)

  it('gives the same report again after other games: each position is searched from a cleared hash', async () => {
    const game = readGame('scholars-mate.pgn').game
    const first = scholarsMate ?? (await runReport(engine, game))
    expect(await runReport(engine, game)).toEqual(first)
  }, 60_000)
})

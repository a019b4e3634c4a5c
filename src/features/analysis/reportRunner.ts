// The game report's run: each position of a game searched in turn by the engine, then judged by the kernel
// (domain/chess/gameReport.ts). The page (useGameReport.ts) and the report's corpus test run this same function.
import { buildReport, type Evaluation, type GameReport } from '@domain/chess/gameReport'
import { sanOfUcis } from '@domain/chess/moveTree'
import { mainLine, type ParsedLine } from '@domain/chess/pgn'
import type { Color, Fen, San } from '@domain/chess/vocabulary'
import type { AnalysisEngine } from '@/features/game/uciAnalysis'
import { evaluationOf, turnOf } from './evaluation'

/**
 * The nodes searched in each position of a report, each search fresh (one thread, a cleared hash): a count of
 * nodes, not a depth or a time, so a game gets the same marks on any machine, loaded or not, in any order. The
 * smallest count tried that judges the corpus of tests/domain/chess/gameReportCorpus.test.ts right (at 150,000 the
 * engine misses the mate after Réti–Tartakower's 8... Nxe4); docs/product.md gives the times it costs.
 */
export const REPORT_NODES = 175_000

/** A game as the report reads it: its positions from the start (FEN) and the moves between them. */
export interface ReportGame {
  /** One more than the moves: the start, then the position after each move. */
  fens: Fen[]
  played: { san: San; color: Color }[]
}

/** The main line of a tree of moves as a game to report on. */
export function reportGameOf(line: ParsedLine): ReportGame {
  const ids = mainLine(line)
  return {
    fens: [line.nodes[0].fen, ...ids.map((id) => line.nodes[id].fen)],
    played: ids.map((id) => ({ san: line.nodes[id].san, color: line.nodes[id].color })),
  }
}

export interface ReportRunOptions {
  /** The nodes each position is searched for. */
  nodes?: number
  /** Hears each position's evaluation and the engine's move there (SAN; none in a finished position), in order. */
  onPosition?: (evaluation: Evaluation, best: San | undefined) => void
  /** False once the report is no longer wanted (cancelled, page left): the run ends with null. */
  live?: () => boolean
}

/** Searches every position of the game, then judges its moves; null when it stopped being wanted. */
export async function runReport(
  engine: AnalysisEngine,
  game: ReportGame,
  { nodes = REPORT_NODES, onPosition, live = () => true }: ReportRunOptions = {},
): Promise<GameReport | null> {
  const evaluations: Evaluation[] = []
  const best: (San | undefined)[] = []
  for (const fen of game.fens) {
    let lines = null
    // A search stopped by something else (the board's live analysis going off) is asked again.
    while (lines === null) {
      if (!live()) return null
      lines = await engine.analyse({ fen, nodes, multiPv: 1, fresh: true })
    }
    if (!live()) return null
    const top = lines[0]
    const evaluation: Evaluation = top ? evaluationOf(top.score, turnOf(fen)) : { cp: 0 }
    const move = top?.pv[0] ? sanOfUcis(fen, [top.pv[0]])[0] : undefined
    evaluations.push(evaluation)
    best.push(move)
    onPosition?.(evaluation, move)
  }
  return buildReport(game.played, evaluations, best)
}

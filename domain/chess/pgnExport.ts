// The analysed game as PGN to download, written as lichess exports an analysed game: each reported move followed by
// its evaluation (`[%eval 0.31]`, `[%eval #-2]`), a judged move with its glyph ('?!', '?', '??') and a comment naming
// the better move ('Inaccuracy. Nf3 was best.'). The line's own tags, comments and variations are kept (pgnWrite.ts
// writes them); a game started from a position carries its FEN.
import { START_FEN } from './chessRules'
import { type Evaluation, type GameReport, type Judgement, JUDGEMENT_GLYPHS } from './gameReport'
import type { ParsedLine } from './pgn'
import { writePgn } from './pgnWrite'

/** The game report and the nodes of the line its moves were played at (the report's ply i is node reported[i]). */
export interface ReportOfLine {
  report: GameReport
  reported: readonly number[]
}

const JUDGEMENT_WORDS: Record<Judgement, string> = {
  inaccuracy: 'Inaccuracy',
  mistake: 'Mistake',
  blunder: 'Blunder',
}

/** An evaluation read from an earlier export: the report's own replaces it. */
const EVAL_TAG = /\[%eval [^\]]*\]/g

/**
 * An evaluation as lichess writes it in a PGN comment, from White's view: pawns with up to two decimals ('0.31',
 * '-0.1', '1.0'), '#3' or '#-2' for a mate; '' for a game over on the board, which has none.
 */
export function evalTag(evaluation: Evaluation): string {
  if ('won' in evaluation) return ''
  if ('mate' in evaluation) return `[%eval #${evaluation.mate}]`
  const pawns = (Math.round(evaluation.cp) / 100).toFixed(2).replace(/(\.\d)0$/, '$1')
  return `[%eval ${pawns === '-0.0' ? '0.0' : pawns}]`
}

/** The line as PGN, with the report's evaluations and judgements on the moves it reported when there is one. */
export function exportPgn(line: ParsedLine, analysis?: ReportOfLine): string {
  const nodes = line.nodes.slice()
  const tags = { ...line.tags }
  if (nodes[0].fen !== START_FEN && !tags.FEN) Object.assign(tags, { SetUp: '1', FEN: nodes[0].fen })
  for (const move of analysis?.report.moves ?? []) {
    const id = analysis?.reported[move.ply]
    const node = id === undefined ? undefined : nodes[id]
    if (id === undefined || !node) continue
    const evaluation = analysis?.report.evaluations[move.ply + 1]
    const judged = move.judgement
      ? `${JUDGEMENT_WORDS[move.judgement]}.${move.better ? ` ${move.better} was best.` : ''}`
      : ''
    const comment = [
      judged,
      evaluation ? evalTag(evaluation) : '',
      node.comment?.replace(EVAL_TAG, '').trim(),
    ]
      .filter(Boolean)
      .join(' ')
    nodes[id] = {
      ...node,
      comment: comment || undefined,
      ...(move.judgement && { glyph: JUDGEMENT_GLYPHS[move.judgement] }),
    }
  }
  return writePgn({ nodes, tags })
}

import { describe, expect, it } from 'vitest'
import { buildReport, type Evaluation } from '@domain/chess/gameReport'
import { mainLine, parsePgn } from '@domain/chess/pgn'
import { evalTag, exportPgn } from '@domain/chess/pgnExport'
import { playInTree, treeFromFen } from '@domain/chess/moveTree'

/** A report of the line's main line from fixed evaluations (start to end) and the engine's best moves. */
function reported(pgn: string, evaluations: Evaluation[], best: (string | undefined)[]) {
  const line = parsePgn(pgn)
  const ids = mainLine(line)
  const played = ids.map((id) => ({ san: line.nodes[id].san, color: line.nodes[id].color }))
  return { line, analysis: { report: buildReport(played, evaluations, best), reported: ids } }
}

describe('the analysed game as PGN', () => {
  it('writes evaluations in pawns and mates as lichess does', () => {
    expect(evalTag({ cp: 31 })).toBe('[%eval 0.31]')
    expect(evalTag({ cp: -10 })).toBe('[%eval -0.1]')
    expect(evalTag({ cp: 100 })).toBe('[%eval 1.0]')
    expect(evalTag({ cp: 0 })).toBe('[%eval 0.0]')
    expect(evalTag({ cp: -1234 })).toBe('[%eval -12.34]')
    expect(evalTag({ mate: 3 })).toBe('[%eval #3]')
    expect(evalTag({ mate: -2 })).toBe('[%eval #-2]')
    expect(evalTag({ won: 'white' })).toBe('')
  })

  it("writes each move's evaluation, the judged moves' glyphs and the better move, and keeps the tags", () => {
    const { line, analysis } = reported(
      '[Event "Fool\'s mate"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 {Opens the diagonal.} Qh4# 0-1',
      [{ cp: 20 }, { cp: -80 }, { cp: -70 }, { mate: -1 }, { won: 'black' }],
      ['e4', 'd5', 'd4', 'Qh4#', undefined],
    )
    expect(exportPgn(line, analysis)).toBe(
      [
        '[Event "Fool\'s mate"]',
        '[Result "0-1"]',
        '',
        '1. f3?! {Inaccuracy. e4 was best. [%eval -0.8]} 1... e5 {[%eval -0.7]} 2. g4??',
        '{Blunder. d4 was best. [%eval #-1] Opens the diagonal.} 2... Qh4# 0-1',
      ].join('\n'),
    )
  })

  it('reads back into the same moves, and replaces the evaluations of an earlier export', () => {
    const { line, analysis } = reported(
      '1. e4 {[%eval 0.5]} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0',
      [
        { cp: 20 },
        { cp: 31 },
        { cp: 25 },
        { cp: -40 },
        { cp: -35 },
        { cp: -30 },
        { mate: 1 },
        { won: 'white' },
      ],
      ['e4', 'e5', 'Nf3', 'Nf6', 'Bc4', 'g6', 'Qxf7#', undefined],
    )
    const pgn = exportPgn(line, analysis)
    expect(pgn).toBe(
      '1. e4 {[%eval 0.31]} 1... e5 {[%eval 0.25]} 2. Qh5?!\n' +
        '{Inaccuracy. Nf3 was best. [%eval -0.4]} 2... Nc6 {[%eval -0.35]} 3. Bc4\n' +
        '{[%eval -0.3]} 3... Nf6?? {Blunder. g6 was best. [%eval #1]} 4. Qxf7# *',
    )
    expect(parsePgn(pgn).nodes.map((n) => n.fen)).toEqual(line.nodes.map((n) => n.fen))
  })

  it('writes the plain game without a report, with the FEN of a game started from a position', () => {
    const start = treeFromFen('8/8/8/4k3/8/8/4P3/4K3 w - - 0 40')
    const played = playInTree(start, 0, 'e4')!
    expect(exportPgn(played.line)).toBe('[SetUp "1"]\n[FEN "8/8/8/4k3/8/8/4P3/4K3 w - - 0 40"]\n\n40. e4 *')
  })
})

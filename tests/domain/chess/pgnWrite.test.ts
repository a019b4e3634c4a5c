import { describe, expect, it } from 'vitest'
import { mainLine, parsePgn, type ParsedLine } from '@domain/chess/pgn'
import { writePgn } from '@domain/chess/pgnWrite'

/** What a reader sees of a line: every move with its number, glyph, comment and place in the tree. */
const shape = (line: ParsedLine) =>
  line.nodes.map((n) => ({
    san: n.san,
    fen: n.fen,
    parent: n.parent,
    children: n.children,
    comment: n.comment,
    glyph: n.glyph,
  }))

const roundTrip = (pgn: string) => {
  const first = parsePgn(pgn)
  const written = writePgn(first)
  expect(shape(parsePgn(written))).toEqual(shape(first))
  expect(parsePgn(written).tags).toEqual(first.tags)
  return written
}

describe('the PGN writer', () => {
  it('writes move numbers, comments and glyphs that read back the same', () => {
    const written = roundTrip('1. e4! {The king pawn.} e5 2. Nf3?! Nc6 $1 3. Bb5 *')
    expect(written).toBe('1. e4! {The king pawn.} 1... e5 2. Nf3?! Nc6! 3. Bb5 *')
  })

  it('writes nested variations in parentheses after the move they replace', () => {
    const written = roundTrip(
      '1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6 {Najdorf ahead.}) (1... e6) 2. Nf3 Nc6 *',
    )
    expect(written).toBe(
      '1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6 {Najdorf ahead.}) (1... e6) 2. Nf3\nNc6 *',
    )
  })

  it('keeps the tags, a FEN start and a start with Black to move', () => {
    const pgn = [
      '[Event "Endgame"]',
      '[SetUp "1"]',
      '[FEN "8/8/8/4k3/8/8/4P3/4K3 b - - 0 40"]',
      '',
      '40... Kd5 41. Kd2 (41. e4+ Kxe4) 41... Ke4 *',
    ].join('\n')
    const written = roundTrip(pgn)
    expect(written).toBe(pgn)
    expect(parsePgn(written).nodes[mainLine(parsePgn(written))[0]].color).toBe('b')
  })

  it('keeps a comment on the start position and stamps in comments, and a result from the tags', () => {
    const written = roundTrip('[Result "1-0"]\n\n{From the start.} 1. e4 {[%vt 0:05] [%vt-ask] Go.} e5 1-0')
    expect(written).toBe('[Result "1-0"]\n\n{From the start.} 1. e4 {[%vt 0:05] [%vt-ask] Go.} 1... e5 1-0')
  })

  it('writes nothing for an empty line, and wraps long move text at 80 characters', () => {
    expect(writePgn(parsePgn(''))).toBe('')
    const long = Array.from({ length: 20 }, (_, i) => `${i + 1}. Nf3 Nf6 ${i + 1}... Ng1 Ng8`).join(' ')
    const written = roundTrip(long.replace(/ \d+\.\.\. /g, ' '))
    expect(Math.max(...written.split('\n').map((l) => l.length))).toBeLessThanOrEqual(80)
  })

  it('escapes quotes in tags and leaves braces out of comments', () => {
    const line = parsePgn('[White "A \\"Fish\\""]\n\n1. e4 *')
    line.nodes[1] = { ...line.nodes[1], comment: 'a {b} c' }
    const written = writePgn(line)
    expect(written).toBe('[White "A \\"Fish\\""]\n\n1. e4 {a b c} *')
    expect(parsePgn(written).tags.White).toBe('A "Fish"')
  })
})

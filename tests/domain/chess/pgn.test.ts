// The one PGN reader of both sides (domain/chess/pgn.ts): moves checked by chess.js, comments on their moves,
// variations as branches, a start position from SetUp/FEN, and a sentence naming what is wrong otherwise.
import { describe, expect, it } from 'vitest'
import { mainLine, parsePgn, PgnError, studentMoves } from '@domain/chess/pgn'

const sans = (pgn: string) => {
  const line = parsePgn(pgn)
  return mainLine(line).map((id) => line.nodes[id].san)
}

describe('reading a PGN', () => {
  it('reads the main line in canonical SAN, whatever the move numbers, annotations and NAGs look like', () => {
    expect(sans('1.e4 e5 2.Nf3!? Nc6?! 3.Bb5!! a6?? $1 4.Ba4 $14 *')).toEqual([
      'e4',
      'e5',
      'Nf3',
      'Nc6',
      'Bb5',
      'a6',
      'Ba4',
    ])
    expect(sans('1. e4 1... e5 2. Nf3')).toEqual(['e4', 'e5', 'Nf3'])
    expect(sans('1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O O-O')).toContain('O-O')
  })

  it('puts comments on the move before them, and a comment before the first move on the start', () => {
    const line = parsePgn('{Start.} 1. e4 {King pawn.} e5 ; rest of line\n2. Nf3 *')
    expect(line.nodes[0].comment).toBe('Start.')
    expect(line.nodes[1].comment).toBe('King pawn.')
    expect(line.nodes[2].comment).toBe('rest of line')
  })

  it('keeps variations as branches: the alternative to a move starts from the position before it', () => {
    const line = parsePgn('1. e4 e5 (1... c5 {Sicilian.} 2. Nf3 (2. c3)) 2. Nf3 *')
    const e4 = line.nodes[0].children[0]
    const [e5, c5] = line.nodes[e4].children
    expect(line.nodes[e5].san).toBe('e5')
    expect(line.nodes[c5]).toMatchObject({ san: 'c5', comment: 'Sicilian.', color: 'b', moveNumber: 1 })
    const [nf3, c3] = line.nodes[c5].children
    expect([line.nodes[nf3].san, line.nodes[c3].san]).toEqual(['Nf3', 'c3'])
    expect(mainLine(line).map((id) => line.nodes[id].san)).toEqual(['e4', 'e5', 'Nf3'])
  })

  it('starts from the SetUp/FEN position and counts the student moves of the main line', () => {
    const line = parsePgn(
      '[SetUp "1"]\n[FEN "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"]\n1. Rd1+ Ke7 2. Kc7 Rc2+ *',
    )
    expect(line.nodes[0].fen).toBe('1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1')
    expect(line.tags.SetUp).toBe('1')
    expect(studentMoves(line, 'white')).toBe(2)
    expect(studentMoves(line, 'black')).toBe(2)
  })

  it.each([
    ['1. e4 e5 2. Ke3', 'Illegal move 2. Ke3'],
    ['1. e4 e5 2. Nf3 Nf4', 'Illegal move 2... Nf4'],
    ['1. e4 (1. e5)', 'Illegal move 1. e5'],
    ['1. e4 (', 'The PGN has a variation that is never closed'],
    ['( 1. e4', 'The PGN has a variation that follows no move (before the first move)'],
    ['[SetUp "1"] 1. e4', 'The PGN has [SetUp "1"] but no FEN tag'],
    ['1. e4 \u0000', 'The PGN contains a control character (such as NUL)'],
  ])('refuses %j: %s', (pgn, message) => {
    expect(() => parsePgn(pgn)).toThrow(new PgnError(message))
  })

  it('refuses a line of more than 1,500 moves before checking them all', () => {
    const started = Date.now()
    expect(() => parsePgn('1. Nf3 Nf6 2. Ng1 Ng8 '.repeat(400))).toThrow(/more than 1500 moves/)
    expect(Date.now() - started).toBeLessThan(2000)
  })
})

describe('annotations', () => {
  it("keeps a move's !, ?, !!, ??, !?, ?! and NAGs $1 to $6, off the SAN", () => {
    const line = parsePgn('1. e4!! e5?? 2. Nf3 $5 (2. Bc4 $6) Nc6 $4 3. Bb5 $3 a6 $2 4. Ba4 $1 Nf6 $7 *')
    const glyphs = line.nodes.slice(1).map((n) => `${n.san}${n.glyph ?? ''}`)
    expect(glyphs).toEqual(['e4!!', 'e5??', 'Nf3!?', 'Bc4?!', 'Nc6??', 'Bb5!!', 'a6?', 'Ba4!', 'Nf6'])
  })

  it('gives a NAG written before any move of a variation to no move', () => {
    const line = parsePgn('1. e4 e5 ($1 1... c5) *')
    expect(line.nodes.map((n) => n.glyph)).toEqual([undefined, undefined, undefined, undefined])
  })
})

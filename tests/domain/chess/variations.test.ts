// A line's variations: one path from the start to each end of its tree of moves, the main line first, each named by
// the moves where it leaves the first continuation; a practice of one names its student moves and the moves missed.
import { describe, expect, it } from 'vitest'
import { parsePgn } from '@domain/chess/pgn'
import { findVariation, variationName, variationPractice, variations } from '@domain/chess/variations'

const LINE = parsePgn('1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4 (3. Bc4 h6)) 3. Bc4 Bc5 (3... Nf6 4. Ng5) 4. c3 *')
const sans = (path: number[]) => path.map((id) => LINE.nodes[id].san).join(' ')

describe('variations', () => {
  it('lists the main line first, then each sideline in the order the PGN writes them, with its key', () => {
    expect(variations(LINE).map((v) => [v.key, sans(v.path)])).toEqual([
      ['', 'e4 e5 Nf3 Nc6 Bc4 Bc5 c3'],
      ['2...d6', 'e4 e5 Nf3 d6 d4'],
      ['2...d6 3.Bc4', 'e4 e5 Nf3 d6 Bc4 h6'],
      ['3...Nf6', 'e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5'],
    ])
  })

  it('names each on screen', () => {
    expect(variationName('')).toBe('Main line')
    expect(variationName('3...Nf6')).toBe('Variation 3... Nf6')
    expect(variationName('2...d6 3.Bc4')).toBe('Variation 2... d6, 3. Bc4')
  })

  it('finds one by its key, and none for a key the line does not have', () => {
    expect(sans(findVariation(LINE, '3...Nf6')!.path)).toBe('e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5')
    expect(findVariation(LINE, '3...Nc6')).toBeUndefined()
    // a line of one move has its main line only
    expect(variations(parsePgn('1. d4 *')).map((v) => v.key)).toEqual([''])
  })

  it("gives a practice's student moves and the positions of the moves missed; refuses a move not the student's", () => {
    expect(variationPractice(LINE, 'white', '3...Nf6', [2])).toEqual({
      moves: 4,
      missed: [
        {
          fen: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
          san: 'Nf3',
          moveNumber: 2,
          color: 'w',
        },
      ],
    })
    expect(variationPractice(LINE, 'black', '2...d6', [])).toEqual({ moves: 2, missed: [] })
    expect(variationPractice(LINE, 'white', '3...Nf6', [1])).toMatch(/not a move the student plays/)
    expect(variationPractice(LINE, 'white', '9.Qh5', [])).toBe("This line has no variation '9.Qh5'")
  })
})

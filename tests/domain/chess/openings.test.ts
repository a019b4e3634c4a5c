import { describe, expect, it } from 'vitest'
import { mainLine, parsePgn } from '@domain/chess/pgn'
import { playInTree } from '@domain/chess/moveTree'
import { openingBook, openingOf, positionKey, positionsTo } from '@domain/chess/openings'
import rows from '@domain/chess/openingNames/openingNames.json'

const book = openingBook(rows)

/** The opening named at the end of a line's main line, written as /analysis shows it. */
function named(pgn: string): string | null {
  const line = parsePgn(pgn)
  const opening = openingOf(positionsTo(line, mainLine(line).at(-1) ?? 0), book)
  return opening && `${opening.eco} ${opening.name}`
}

describe('openings named by position', () => {
  it('names the Philidor Defense after 1.e4 e5 2.Nf3 d6', () => {
    expect(named('1. e4 e5 2. Nf3 d6')).toBe('C41 Philidor Defense')
  })

  it('names 1.e4 c5 a Sicilian Defense, B20', () => {
    expect(named('1. e4 c5')).toBe('B20 Sicilian Defense')
  })

  it("names the Opera Game by its deepest named position, 3.d4's Philidor Defense", () => {
    expect(named('1. e4 e5 2. Nf3 d6 3. d4 Bg4')).toBe('C41 Philidor Defense')
    // Past 3.d4 the game has left the book: its opening stays the last one named.
    expect(
      named('1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6'),
    ).toBe('C41 Philidor Defense')
  })

  it('names a position reached by another order of moves', () => {
    expect(named('1. d4 Nf6 2. c4 e6 3. Nc3 Bb4')).toBe('E20 Nimzo-Indian Defense')
    expect(named('1. c4 e6 2. Nc3 Nf6 3. d4 Bb4')).toBe('E20 Nimzo-Indian Defense')
    expect(named('1. Nf3 d5 2. d4 Nf6 3. c4 e6 4. Nc3')).toBe(
      "D37 Queen's Gambit Declined: Three Knights Variation",
    )
  })

  it('names a more precise variation as the line goes deeper, and keeps it once the line leaves theory', () => {
    expect(named('1. e4 e5 2. Nf3 d6 3. d4 exd4')).toBe('C41 Philidor Defense: Exchange Variation')
    expect(named('1. e4 e5 2. Nf3 d6 3. d4 exd4 4. Nxd4 a6 5. h4 h5')).toBe(
      'C41 Philidor Defense: Exchange Variation',
    )
  })

  it('names nothing at the start position, nor in a line that never meets a named position', () => {
    expect(named('*')).toBeNull()
    const fromFen = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'
    expect(openingOf([fromFen], book)).toBeNull()
  })

  it('names a variation played on the board by the path to it, not by the main line', () => {
    const line = parsePgn('1. e4 e5 2. Nf3 d6')
    const sicilian = playInTree(line, 1, 'c5')!
    expect(openingOf(positionsTo(sicilian.line, sicilian.id), book)).toEqual({
      eco: 'B20',
      name: 'Sicilian Defense',
    })
    expect(openingOf(positionsTo(sicilian.line, 4), book)).toEqual({ eco: 'C41', name: 'Philidor Defense' })
  })

  it('matches a position whatever its move counters', () => {
    const philidor = 'rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3'
    expect(positionKey(philidor)).toBe('rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -')
    expect(openingOf([philidor.replace(' 0 3', ' 7 40')], book)?.name).toBe('Philidor Defense')
  })
})

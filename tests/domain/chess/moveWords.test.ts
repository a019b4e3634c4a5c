// Moves in words for the polite live region.
import { describe, expect, it } from 'vitest'
import { moveInWords } from '@domain/chess/moveWords'

describe('a move in words', () => {
  it.each([
    ['Nf3', 'w', 'White knight to f3'],
    ['O-O', 'b', 'Black castles kingside'],
    ['O-O-O+', 'w', 'White castles queenside, check'],
    ['e4', 'w', 'White pawn to e4'],
    ['exd5', 'b', 'Black pawn takes on d5'],
    ['Nbxd7+', 'w', 'White knight takes on d7, check'],
    ['e8=Q#', 'w', 'White pawn to e8, promotes to queen, checkmate'],
    ['Re8#', 'w', 'White rook to e8, checkmate'],
    ['Kxf7!?', 'b', 'Black king takes on f7'],
  ] as const)('%s (%s) reads %s', (san, color, words) => {
    expect(moveInWords(san, color)).toBe(words)
  })
})

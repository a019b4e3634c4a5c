// The one reader of typed moves (domain/chess/moveText.ts), used by the practice board and the lines: squares in
// their loose forms, SAN as people write it, and a promotion to the piece written (a queen when none is).
import { describe, expect, it } from 'vitest'
import { readMoveText, sanOfDrop, sanOfTyped } from '@domain/chess/moveText'

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
const PROMOTION = '7k/P7/8/8/8/8/8/K7 w - - 0 1'
const CASTLE = 'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4'

describe('readMoveText', () => {
  it('reads squares with or without a dash and spaces, in either case', () => {
    for (const text of ['e2e4', 'e2-e4', 'e2 - e4', ' E2-E4 ', 'e2  e4'])
      expect(readMoveText(START, text)).toEqual({ from: 'e2', to: 'e4', san: 'e4' })
  })

  it('reads SAN with its signs, and castling written with zeros', () => {
    expect(readMoveText(START, 'Nf3')?.san).toBe('Nf3')
    expect(readMoveText(START, 'e4!?')?.san).toBe('e4')
    expect(readMoveText(START, 'Ng1f3')?.san).toBe('Nf3')
    expect(readMoveText(CASTLE, '0-0')).toEqual({ from: 'e1', to: 'g1', san: 'O-O' })
    expect(readMoveText(CASTLE, 'O-O')?.san).toBe('O-O')
  })

  it('promotes to the piece written, and to a queen when none is', () => {
    expect(readMoveText(PROMOTION, 'a7a8n')).toEqual({ from: 'a7', to: 'a8', promotion: 'n', san: 'a8=N' })
    expect(readMoveText(PROMOTION, 'a7-a8=R')?.promotion).toBe('r')
    expect(readMoveText(PROMOTION, 'a8=B')?.promotion).toBe('b')
    expect(readMoveText(PROMOTION, 'a7a8')?.promotion).toBe('q')
    expect(readMoveText(PROMOTION, 'a8')?.san).toBe('a8=Q+')
  })

  it('refuses what is not a legal move, the null move and long text', () => {
    for (const text of ['', '  ', 'hello', 'e2e5', 'Ke2', '--', `e2${' '.repeat(100)}e4`])
      expect(readMoveText(START, text)).toBeNull()
  })
})

describe('the lines’ readers', () => {
  it('give the SAN of a typed move, keeping its promotion', () => {
    expect(sanOfTyped(START, 'g1f3')).toBe('Nf3')
    expect(sanOfTyped(PROMOTION, 'a7a8n')).toBe('a8=N')
    expect(sanOfTyped(START, 'e5')).toBeNull()
  })

  it('give the SAN of a dragged move, a pawn on the last rank becoming a queen', () => {
    expect(sanOfDrop(PROMOTION, 'a7', 'a8')).toBe('a8=Q+')
    expect(sanOfDrop(START, 'e2', 'e5')).toBeNull()
  })
})

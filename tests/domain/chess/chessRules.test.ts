import { describe, expect, it } from 'vitest'
import {
  START_FEN,
  applyMove,
  fenAfter,
  isLegalMove,
  legalMoves,
  outcomeOf,
  parseMoveText,
  sideToMove,
} from '@domain/chess/chessRules'

// Real positions used across the game tests.
const PROMOTION = '7k/P7/8/8/8/8/8/K7 w - - 0 1'
const BACK_RANK_MATE_IN_ONE = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1'
const STALEMATE_IN_ONE = 'k7/8/1Q6/8/8/8/8/7K w - - 0 1'
const FIFTY_MOVE_CLOCK_99 = '7k/8/8/8/8/8/R7/K7 w - - 99 80'
const BISHOP_TAKES_LAST_PAWN = '7k/8/8/8/1b6/8/P7/7K w - - 0 1'
const KNIGHT_SHUFFLE = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'

describe('chessRules', () => {
  it('starts from the standard position with white to move', () => {
    expect(fenAfter([])).toBe(START_FEN)
    expect(sideToMove([])).toBe('white')
    expect(legalMoves([])).toHaveLength(20)
  })

  it('applies a legal move and reports it in UCI and SAN', () => {
    const applied = applyMove([], { from: 'e2', to: 'e4' })
    expect(applied).toEqual({
      uci: 'e2e4',
      san: 'e4',
      fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
      words: 'White pawn to e4',
    })
    expect(sideToMove(['e2e4'])).toBe('black')
  })

  it('rejects illegal moves without throwing', () => {
    expect(isLegalMove([], { from: 'e2', to: 'e5' })).toBe(false)
    expect(applyMove([], { from: 'e2', to: 'e5' })).toBeNull()
    expect(applyMove([], { from: 'e7', to: 'e5' })).toBeNull() // out of turn
    expect(applyMove([], { from: 'z9', to: 'e4' })).toBeNull()
    expect(isLegalMove(['e2e4'], { from: 'e7', to: 'e5' })).toBe(true)
  })

  it('always promotes to a queen', () => {
    const applied = applyMove([], { from: 'a7', to: 'a8' }, PROMOTION)
    expect(applied?.uci).toBe('a7a8q')
    expect(applied?.san).toBe('a8=Q+')
    expect(applied?.fen.startsWith('Q6k/')).toBe(true)
  })

  it('replays promotions stored in UCI', () => {
    expect(fenAfter(['a7a8q'], PROMOTION)).toBe('Q6k/8/8/8/8/8/8/K7 b - - 0 1')
  })

  it('reports a game in progress as not over', () => {
    expect(outcomeOf(['e2e4', 'e7e5'])).toEqual({ over: false })
  })

  it("detects black's checkmate (fool's mate)", () => {
    expect(outcomeOf(['f2f3', 'e7e5', 'g2g4', 'd8h4'])).toEqual({
      over: true,
      result: 'checkmate',
      winner: 'black',
    })
  })

  it("detects white's checkmate from a mate-in-one position", () => {
    expect(outcomeOf(['a1a8'], BACK_RANK_MATE_IN_ONE)).toEqual({
      over: true,
      result: 'checkmate',
      winner: 'white',
    })
  })

  it('detects stalemate', () => {
    expect(outcomeOf([], STALEMATE_IN_ONE)).toEqual({ over: false })
    expect(outcomeOf(['h1g2'], STALEMATE_IN_ONE)).toEqual({ over: true, result: 'draw', reason: 'stalemate' })
  })

  it('detects threefold repetition from the standard position', () => {
    const shuffle = ['g1f3', 'g8f6', 'f3g1', 'f6g8']
    expect(outcomeOf(shuffle)).toEqual({ over: false })
    expect(outcomeOf([...shuffle, ...shuffle.slice(0, 3)])).toEqual({ over: false })
    expect(outcomeOf([...shuffle, ...shuffle])).toEqual({
      over: true,
      result: 'draw',
      reason: 'threefoldRepetition',
    })
  })

  it('detects threefold repetition from a middlegame position', () => {
    const shuffle = ['f3g1', 'c6b8', 'g1f3', 'b8c6']
    expect(outcomeOf(shuffle, KNIGHT_SHUFFLE)).toEqual({ over: false })
    expect(outcomeOf([...shuffle, ...shuffle], KNIGHT_SHUFFLE)).toEqual({
      over: true,
      result: 'draw',
      reason: 'threefoldRepetition',
    })
  })

  it('draws at 100 half-moves without a capture or pawn move', () => {
    expect(outcomeOf([], FIFTY_MOVE_CLOCK_99)).toEqual({ over: false })
    expect(outcomeOf(['a2b2'], FIFTY_MOVE_CLOCK_99)).toEqual({
      over: true,
      result: 'draw',
      reason: 'fiftyMoveRule',
    })
  })

  it('detects insufficient material', () => {
    expect(outcomeOf(['a2a3'], BISHOP_TAKES_LAST_PAWN)).toEqual({ over: false })
    expect(outcomeOf(['a2a3', 'b4a3'], BISHOP_TAKES_LAST_PAWN)).toEqual({
      over: true,
      result: 'draw',
      reason: 'insufficientMaterial',
    })
  })

  it('reads typed moves in coordinates and in SAN', () => {
    expect(parseMoveText([], 'e2e4')).toEqual({ from: 'e2', to: 'e4' })
    expect(parseMoveText([], ' E2-E4 ')).toEqual({ from: 'e2', to: 'e4' })
    expect(parseMoveText([], 'e4')).toEqual({ from: 'e2', to: 'e4' })
    expect(parseMoveText([], 'Nf3')).toEqual({ from: 'g1', to: 'f3' })
    expect(parseMoveText([], 'a8=Q', PROMOTION)).toEqual({ from: 'a7', to: 'a8', promotion: 'q' })
    expect(parseMoveText([], 'a8', PROMOTION)).toEqual({ from: 'a7', to: 'a8', promotion: 'q' })
    expect(parseMoveText(['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6'], 'O-O')).toEqual({
      from: 'e1',
      to: 'g1',
    })
    expect(parseMoveText(['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6'], '0-0')).toEqual({
      from: 'e1',
      to: 'g1',
    })
  })

  it('keeps the promotion piece a typed move names, and plays it', () => {
    expect(parseMoveText([], 'a7a8n', PROMOTION)).toEqual({ from: 'a7', to: 'a8', promotion: 'n' })
    expect(parseMoveText([], 'a7 - a8=R', PROMOTION)).toEqual({ from: 'a7', to: 'a8', promotion: 'r' })
    expect(parseMoveText([], 'a8=N', PROMOTION)).toEqual({ from: 'a7', to: 'a8', promotion: 'n' })
    expect(applyMove([], { from: 'a7', to: 'a8', promotion: 'n' }, PROMOTION)?.uci).toBe('a7a8n')
    expect(applyMove([], { from: 'a7', to: 'a8' }, PROMOTION)?.uci).toBe('a7a8q')
  })

  it('returns null for typed moves that are illegal or unreadable', () => {
    expect(parseMoveText([], 'e2e5')).toBeNull()
    expect(parseMoveText([], 'Ke2')).toBeNull()
    expect(parseMoveText([], 'hello')).toBeNull()
    expect(parseMoveText([], '')).toBeNull()
  })
})

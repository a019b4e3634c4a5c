import { describe, expect, it } from 'vitest'
import { parsePgn } from '@domain/chess/pgn'
import { fenProblem, pathTo, playInTree, sanOfUcis, treeFromFen } from '@domain/chess/moveTree'

describe('the analysis tree', () => {
  it('a new move from a position with a continuation becomes a variation there', () => {
    const line = parsePgn('1. e4 e5 2. Nf3')
    const played = playInTree(line, 1, 'c5')!
    expect(played.line.nodes[1].children).toEqual([2, 4])
    expect(played.line.nodes[4]).toMatchObject({ san: 'c5', color: 'b', moveNumber: 1, parent: 1 })
    expect(line.nodes[1].children).toEqual([2])
    expect(pathTo(played.line, played.id)).toEqual([1, 4])
  })

  it('a move already in the tree goes there; an illegal one is refused', () => {
    const line = parsePgn('1. e4 e5')
    expect(playInTree(line, 0, 'e4')).toEqual({ line, id: 1 })
    expect(playInTree(line, 0, 'e5')).toBeNull()
  })

  it('starts from a FEN', () => {
    const tree = treeFromFen('8/8/8/8/8/5k2/8/4K2R w K - 0 40')
    const played = playInTree(tree, 0, 'O-O')!
    expect(played.line.nodes[played.id]).toMatchObject({ san: 'O-O+', moveNumber: 40 })
  })
})

describe('FEN problems', () => {
  it('names the field that is wrong', () => {
    expect(fenProblem('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toBeNull()
    expect(fenProblem('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1')).toMatch(/side-to-move/)
    expect(fenProblem('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0')).toMatch(/move number/)
    expect(fenProblem('')).toBe('Enter a position in FEN.')
  })
})

describe("the engine's moves in SAN", () => {
  it('writes them up to the first that is not legal', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
    expect(sanOfUcis(start, ['e2e4', 'e7e5', 'g1f3'])).toEqual(['e4', 'e5', 'Nf3'])
    expect(sanOfUcis(start, ['e2e4', 'e2e4'])).toEqual(['e4'])
  })
})

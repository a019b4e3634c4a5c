import { describe, expect, it } from 'vitest'
import { gameLinkQuery, readGameLink } from '@domain/chess/gameLink'
import { mainLine, parsePgn } from '@domain/chess/pgn'
import { playInTree, treeFromFen } from '@domain/chess/moveTree'

const OPERA =
  '[Event "Paris"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 ' +
  '9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 ' +
  '16. Qb8+ Nxb8 17. Rd8# 1-0'
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

const sans = (line: ReturnType<typeof parsePgn>) => mainLine(line).map((id) => line.nodes[id].san)

describe('a link to a game at a move', () => {
  it('holds the main line as SAN without check signs and the move shown, and reads back the same', () => {
    const game = parsePgn(OPERA)
    const at = mainLine(game)[20]
    const query = gameLinkQuery(game, at)
    expect(query).toBe(
      'moves=e4_e5_Nf3_d6_d4_Bg4_dxe5_Bxf3_Qxf3_dxe5_Bc4_Nf6_Qb3_Qe7_Nc3_c6_Bg5_b5_Nxb5_cxb5_Bxb5_Nbd7_' +
        'O-O-O_Rd8_Rxd7_Rxd7_Rd1_Qe6_Bxd7_Nxd7_Qb8_Nxb8_Rd8&ply=21',
    )
    const opened = readGameLink(`?${query}`)!
    expect(opened.problem).toBeUndefined()
    expect(sans(opened.line)).toEqual(sans(game))
    expect(opened.line.nodes[opened.current]).toMatchObject({ san: 'Bxb5+', moveNumber: 11, color: 'w' })
  })

  it('keeps the start position of a game from a FEN, and the line to a variation', () => {
    const start = treeFromFen('8/8/8/4k3/8/8/4P3/4K3 w - - 0 40')
    const e4 = playInTree(start, 0, 'e4')!
    const kd4 = playInTree(e4.line, e4.id, 'Kd4')!
    const kf6 = playInTree(kd4.line, e4.id, 'Kf6')!
    const query = gameLinkQuery(kf6.line, kf6.id)
    expect(query).toBe('fen=8/8/8/4k3/8/8/4P3/4K3_w_-_-_0_40&moves=e4_Kf6&ply=2')
    const opened = readGameLink(query)!
    expect(opened.line.nodes[0].fen).toBe('8/8/8/4k3/8/8/4P3/4K3 w - - 0 40')
    expect(opened.line.tags).toEqual({ SetUp: '1', FEN: '8/8/8/4k3/8/8/4P3/4K3 w - - 0 40' })
    expect(opened.line.nodes[opened.current]).toMatchObject({ san: 'Kf6', moveNumber: 40 })
  })

  it("reads moves written with check signs or joined by '+', and a link without a move shown from the start", () => {
    const opened = readGameLink('?moves=e4+e5+Qh5+Nc6+Bc4+Nf6+Qxf7%23')!
    expect(sans(opened.line)).toEqual(['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'])
    expect(opened.current).toBe(0)
    expect(opened.problem).toBeUndefined()
  })

  it('holds nothing for an address without a game', () => {
    expect(readGameLink('')).toBeNull()
    expect(readGameLink('?game=0c6e2a9e-0000-4000-8000-000000000000')).toBeNull()
  })

  it('opens the start position with a sentence for an illegal move, a bad position or unreadable moves', () => {
    const illegal = readGameLink('?moves=e4_e5_Ke3&ply=3')!
    expect(illegal.line.nodes).toHaveLength(1)
    expect(illegal.line.nodes[0].fen).toBe(START)
    expect(illegal.problem).toBe(
      "This link's moves could not be read (Illegal move 2. Ke3), so the board shows the start position.",
    )
    const position = readGameLink('?fen=not_a_position&moves=e4')!
    expect(position.line.nodes[0].fen).toBe(START)
    expect(position.problem).toMatch(/position could not be read/)
    const unread = readGameLink('?moves=e4_{[%25eval]}_1-0')!
    expect(unread.line.nodes).toHaveLength(1)
    expect(unread.problem).toMatch(/could not be read at '\{\[%eval\]\}'/)
  })

  it('shows a game from its start when the move asked for is not in it', () => {
    for (const ply of ['9', '-1', 'two']) {
      const opened = readGameLink(`?moves=e4_e5&ply=${ply}`)!
      expect(sans(opened.line)).toEqual(['e4', 'e5'])
      expect(opened.current).toBe(0)
      expect(opened.problem).toBe(
        `This link's move ${ply} is not in the game, so the game is shown from its start.`,
      )
    }
  })
})

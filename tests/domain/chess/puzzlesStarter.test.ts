// The tactics trainer's starter set (server/db/puzzles/starter.json, made by `npm run puzzles:mine`) in the shape the
// server loads: lichess's puzzle format, every move legal from its FEN, ids and positions unique.
import { readFileSync } from 'node:fs'
import { Chess } from 'chess.js'
import { describe, expect, it } from 'vitest'
import { PUZZLE_THEMES, type Puzzle } from '@domain/chess/puzzles'

/** From the repository's root, where vitest runs. */
const puzzles = JSON.parse(readFileSync('server/db/puzzles/starter.json', 'utf8')) as Puzzle[]

describe('the starter set of puzzles', () => {
  it('holds at least 500 puzzles, sorted by unique ids of 8 characters', () => {
    expect(puzzles.length).toBeGreaterThanOrEqual(500)
    const ids = puzzles.map((p) => p.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual([...ids].sort())
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]{8}$/)
  })

  it('has exactly the fields the server loads, an integer rating and known themes', () => {
    for (const p of puzzles) {
      expect(Object.keys(p).sort()).toEqual(['fen', 'id', 'moves', 'rating', 'themes'])
      expect(Number.isInteger(p.rating)).toBe(true)
      expect(p.rating).toBeGreaterThanOrEqual(800)
      expect(p.rating).toBeLessThanOrEqual(2400)
      expect(p.themes.length).toBeGreaterThan(0)
      for (const theme of p.themes) expect(PUZZLE_THEMES).toContain(theme)
    }
  })

  it('plays every puzzle legally from its FEN: the opponent first, then 1 to 4 solver’s moves', () => {
    const positions = new Set<string>()
    for (const p of puzzles) {
      const chess = new Chess(p.fen)
      const opponent = chess.turn()
      positions.add(p.fen.split(' ').slice(0, 4).join(' '))
      expect(p.moves.length % 2, p.id).toBe(0)
      expect(p.moves.length / 2, p.id).toBeGreaterThanOrEqual(1)
      expect(p.moves.length / 2, p.id).toBeLessThanOrEqual(4)
      for (const m of p.moves) {
        expect(m, p.id).toMatch(/^[a-h][1-8][a-h][1-8][qrbn]?$/)
        expect(
          () => chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] }),
          p.id,
        ).not.toThrow()
      }
      // The solver's last move ends the line; a line that mates is tagged so, and one tagged so mates.
      expect(chess.turn(), p.id).toBe(opponent)
      const mate = p.themes.find((t) => t.startsWith('mateIn'))
      if (mate) expect(`mateIn${p.moves.length / 2}`, p.id).toBe(mate)
      if (mate) expect(chess.isCheckmate(), p.id).toBe(true)
    }
    expect(positions.size).toBe(puzzles.length)
  })
})

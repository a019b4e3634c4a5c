// The ratings' arithmetic and the service's choices that the routes cannot pin down (the day's pick, the loader).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { insertMissingPuzzles, loadStarterPuzzles, STARTER_PUZZLES } from '../../../server/db/starterPuzzles'
import { rate, rateAttempt } from '../../../server/services/puzzles/glicko'
import * as puzzles from '../../../server/services/puzzles/puzzles'
import { useTestServer } from '../../helpers/buildServer'
import { existsSync, readFileSync } from 'node:fs'

const server = useTestServer()

describe('Glicko-2', () => {
  it("gives Glickman's example: 1500/200/0.06 against 1400/30 (won), 1550/100, 1700/300 (lost)", () => {
    const after = rate({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ])
    expect(after.rating).toBeCloseTo(1464.06, 1)
    expect(after.deviation).toBeCloseTo(151.52, 1)
    expect(after.volatility).toBeCloseTo(0.05999, 4)
  })

  it('moves a player up and the puzzle down when solved, the other way when failed, by the same sizes at equal ratings', () => {
    const p = { rating: 1500, deviation: 200, volatility: 0.06 }
    const solved = rateAttempt(p, p, true)
    const failed = rateAttempt(p, p, false)
    expect(solved.player.rating).toBeGreaterThan(1500)
    expect(solved.puzzle.rating).toBeLessThan(1500)
    expect(solved.player.rating - 1500).toBeCloseTo(1500 - failed.player.rating, 6)
    expect(solved.player.deviation).toBeLessThan(200)
  })

  it('moves a new player (deviation 350) far more than an established one', () => {
    const puzzle = { rating: 1500, deviation: 80, volatility: 0.06 }
    const fresh = rateAttempt({ rating: 1500, deviation: 350, volatility: 0.06 }, puzzle, true)
    const settled = rateAttempt({ rating: 1500, deviation: 60, volatility: 0.06 }, puzzle, true)
    expect(fresh.player.rating - 1500).toBeGreaterThan(5 * (settled.player.rating - 1500))
  })
})

describe('the daily puzzle', () => {
  it('is picked from the UTC date: the same all day, and not always the same across days', () => {
    const morning = puzzles.dailyIndex(new Date('2026-03-01T00:00:01Z'), 500)
    expect(puzzles.dailyIndex(new Date('2026-03-01T23:59:59Z'), 500)).toBe(morning)
    const days = new Set(
      Array.from({ length: 10 }, (_, i) => puzzles.dailyIndex(new Date(Date.UTC(2026, 2, 1 + i)), 500)),
    )
    expect(days.size).toBeGreaterThan(5)
  })
})

describe('the starter set', () => {
  it('inserts the puzzles missing by id, keeping those there (their rating and plays), and leaves out bad entries', async () => {
    const db = server.current.db
    const one = {
      id: 'st1',
      fen: '8/8/8/8/8/8/8/K6k w - - 0 1',
      moves: ['a1a2', 'h1h2'],
      rating: 1400,
      themes: ['endgame'],
    }
    expect(await insertMissingPuzzles(db, [one, { id: 'bad id' }, null])).toBe(1)
    await db.query(`UPDATE puzzles SET rating = 1450, plays = 3 WHERE id = 'st1'`)
    const two = { ...one, id: 'st2', themes: ['endgame', 'short'] }
    expect(await insertMissingPuzzles(db, [{ ...one, rating: 999 }, two])).toBe(1)
    const rows = await db.query<{ id: string; rating: number; plays: number }>(
      'SELECT id, rating, plays FROM puzzles ORDER BY id',
    )
    expect(rows).toEqual([
      { id: 'st1', rating: 1450, plays: 3 },
      { id: 'st2', rating: 1400, plays: 0 },
    ])
    expect(await puzzles.stats(db)).toMatchObject({ total: 2, byTheme: { endgame: 2, short: 1 } })
  })

  it('loads a starter file, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'puzzles-'))
    const file = join(dir, 'starter.json')
    const set = Array.from({ length: 50 }, (_, i) => ({
      id: `f${i}`,
      fen: '8/8/8/8/8/8/8/K6k w - - 0 1',
      moves: ['a1a2', 'h1h2'],
      rating: 800 + i * 30,
      themes: ['endgame'],
    }))
    writeFileSync(file, JSON.stringify(set))
    expect(await loadStarterPuzzles(server.current.db, file)).toBe(50)
    expect(await loadStarterPuzzles(server.current.db, file)).toBe(0)
    expect(await loadStarterPuzzles(server.current.db, join(dir, 'missing.json'))).toBe(0)
  })

  it.runIf(existsSync(STARTER_PUZZLES))('loads every puzzle of the shipped starter set', async () => {
    const shipped = JSON.parse(readFileSync(STARTER_PUZZLES, 'utf8')) as unknown[]
    expect(await loadStarterPuzzles(server.current.db)).toBe(shipped.length)
  })
})

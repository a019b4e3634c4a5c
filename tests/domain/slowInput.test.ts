// Slow input: user-given text of 64 KB made to make a regular expression backtrack (long runs of one character
// and a last character that fails the match). Each reader answers within a few milliseconds and refuses such text
// cleanly; before, an unanchored /[!?]+$/ on 60,000 '!' and an 'x' took 7.6 s, and the move box, the move
// announcements and the document title took 11 to 22 s on their own worst cases.
import { describe, expect, it } from 'vitest'
import { documentTitle } from '@/app/DocumentTitle'
import { moveInWords } from '@domain/chess/moveWords'
import { parsePgn, PgnError } from '@domain/chess/pgn'
import { parseMoveText } from '@domain/chess/chessRules'

const KB64 = 64 * 1024
/** A run of `unit` filling 64 KB, closed by `last` (the character that makes a backtracking pattern fail). */
const run = (unit: string, last = 'x', prefix = '') =>
  prefix + unit.repeat(Math.floor((KB64 - prefix.length - last.length) / unit.length)) + last

/** The milliseconds `f` takes: the faster of two tries, so a pause of a loaded machine is not counted as slowness. */
function millis(f: () => unknown): number {
  let best = Infinity
  for (let i = 0; i < 2; i++) {
    const started = performance.now()
    try {
      f()
    } catch {
      // the answer is checked by the caller; here only the time counts
    }
    best = Math.min(best, performance.now() - started)
  }
  return best
}

const BUDGET_MS = 50

describe('the PGN reader given slow input', () => {
  const refused = (pgn: string) => () => parsePgn(pgn)

  it('refuses 60,000 "!" and another character within 50 ms, naming where', () => {
    const pgn = `${'!'.repeat(60_000)}x`
    expect(refused(pgn)).toThrow(PgnError)
    expect(refused(pgn)).toThrow(
      "The PGN could not be read at '!!!!!!!!!!!!!!!!!!!!' (before the first move)",
    )
    expect(millis(refused(pgn))).toBeLessThan(BUDGET_MS)
  })

  it.each([
    ['"?" then "x"', run('?')],
    ['a move then "!"', run('!', 'x', '1. e4 ')],
    ['"a!" repeated', run('a!')],
    ['"1." repeated', run('1.')],
    ['"1" then dots', run('.', 'e4', '1')],
    ['digits', run('9')],
    ['"!?" repeated after a move', run('!?', '-', '1. e4 e5 2. Nf3')],
  ])('refuses %s (64 KB, one token) within 50 ms', (_name, pgn) => {
    expect(refused(pgn)).toThrow(PgnError)
    expect(millis(refused(pgn))).toBeLessThan(BUDGET_MS)
  })

  it.each([
    ['spaces', run(' ', '')],
    ['"("', run('(')],
    ['"{"', run('{')],
    ['";"', run(';')],
    ['"$"', run('$')],
    ['"["', run('[')],
  ])('reads or refuses %s (64 KB) within 50 ms', (_name, pgn) => {
    expect(millis(refused(pgn))).toBeLessThan(BUDGET_MS)
  })

  it('still reads annotations and glued move numbers', () => {
    const line = parsePgn('1.e4!! e5?! 2.Nf3!? 12...Nc6')
    expect(line.nodes.slice(1).map((n) => n.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6'])
    expect(() => parsePgn('1. e4!x')).toThrow("The PGN could not be read at 'e4!x' (before the first move)")
  })
})

describe('the SPA given slow input', () => {
  it('reads a typed move of "e2", 64 KB of spaces and a letter within 50 ms (no move)', () => {
    const text = run(' ', 'x', 'e2')
    expect(parseMoveText([], text)).toBeNull()
    expect(millis(() => parseMoveText([], text))).toBeLessThan(BUDGET_MS)
    expect(parseMoveText([], 'e2 - e4')).toEqual({ from: 'e2', to: 'e4' })
    expect(parseMoveText([], 'e2  e4')).toEqual({ from: 'e2', to: 'e4' })
  })

  it.each([
    ['"!"', run('!')],
    ['"?"', run('?')],
    ['"+"', run('+')],
    ['"#"', run('#')],
  ])('says a move with 64 KB of %s and a letter in words within 50 ms', (_name, san) => {
    expect(millis(() => moveInWords(san, 'w'))).toBeLessThan(BUDGET_MS)
    expect(moveInWords('Nf3!?', 'w')).toBe('White knight to f3')
    expect(moveInWords('Qxf7#', 'b')).toBe('Black queen takes on f7, checkmate')
  })

  it('names a page whose address has 64 KB of slashes within 50 ms', () => {
    const path = run('/', 'x', '/player/a')
    expect(documentTitle(path)).toBe('Page not found · Chess Online Education')
    expect(millis(() => documentTitle(path))).toBeLessThan(BUDGET_MS)
    expect(documentTitle('/courses///')).toBe('Courses · Chess Online Education')
  })
})

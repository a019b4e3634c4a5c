import { describe, expect, it } from 'vitest'
import { parsePgn, mainLine } from '@domain/chess/pgn'
import {
  analysable,
  archiveMonth,
  latestArchive,
  monthGames,
  monthName,
  resultText,
  timeControlText,
  variantName,
  type ChessComGame,
} from '@/features/player/chessComGames'
import {
  chess960Game,
  drawnDailyGame,
  hikaruArchives,
  hikaruOctober,
  matingGame,
  resignedGame,
} from '../../helpers/chessComGamesFixtures'

/** A game between hikaru and an opponent, hikaru with `color`, each side's result as chess.com records it. */
function game(color: 'white' | 'black', mine: string, theirs: string): ChessComGame {
  const me = { username: 'Hikaru', rating: 3000, result: mine }
  const them = { username: 'Opponent', rating: 2900, result: theirs }
  return {
    url: 'https://www.chess.com/game/live/1',
    time_control: '180',
    end_time: 1,
    rules: 'chess',
    white: color === 'white' ? me : them,
    black: color === 'white' ? them : me,
  }
}

describe("chess.com's results from the player's side", () => {
  it.each([
    ['win', 'checkmated', 'Won by checkmate'],
    ['win', 'resigned', 'Won by resignation'],
    ['win', 'timeout', 'Won on time'],
    ['win', 'abandoned', 'Won by abandonment'],
    ['win', 'lose', 'Won'],
    ['checkmated', 'win', 'Lost by checkmate'],
    ['resigned', 'win', 'Lost by resignation'],
    ['timeout', 'win', 'Lost on time'],
    ['abandoned', 'win', 'Lost by abandonment'],
    ['lose', 'win', 'Lost'],
    ['agreed', 'agreed', 'Drawn by agreement'],
    ['repetition', 'repetition', 'Drawn by repetition'],
    ['stalemate', 'stalemate', 'Drawn by stalemate'],
    ['insufficient', 'insufficient', 'Drawn by insufficient material'],
    ['50move', '50move', 'Drawn by the 50-move rule'],
    ['timevsinsufficient', 'timevsinsufficient', 'Drawn on time against insufficient material'],
  ])('reads %s against %s as %s, with either colour', (mine, theirs, text) => {
    expect(resultText(game('white', mine, theirs), 'hikaru')).toBe(text)
    expect(resultText(game('black', mine, theirs), 'HIKARU')).toBe(text)
  })

  it("reads the fixtures' games from hikaru's side", () => {
    expect(resultText(matingGame, 'hikaru')).toBe('Won by checkmate')
    expect(resultText(resignedGame, 'hikaru')).toBe('Lost by resignation')
    expect(resultText(drawnDailyGame, 'hikaru')).toBe('Drawn by agreement')
    expect(resultText(chess960Game, 'hikaru')).toBe('Won on time')
    // The same game from the opponent's side.
    expect(resultText(matingGame, 'magnuscarlsen')).toBe('Lost by checkmate')
  })
})

describe('time controls in words', () => {
  it.each([
    ['600', '10 min'],
    ['60', '1 min'],
    ['30', '30 s'],
    ['180+2', '3+2'],
    ['900+10', '15+10'],
    ['30+1', '30s+1'],
    ['1/86400', 'Daily'],
    ['1/259200', 'Daily'],
    ['-', '-'],
  ])('reads %s as %s', (control, text) => {
    expect(timeControlText(control)).toBe(text)
  })
})

describe('archives', () => {
  it('takes the last month of the list (chess.com lists them oldest first)', () => {
    expect(latestArchive(hikaruArchives)).toEqual({ year: '2026', month: '10' })
    expect(monthName({ year: '2026', month: '10' })).toBe('October 2026')
  })

  it('has no month for a player without archives', () => {
    expect(latestArchive({ archives: [] })).toBeNull()
  })

  it('follows only chess.com month addresses', () => {
    expect(archiveMonth('https://api.chess.com/pub/player/some_one-2/games/2025/01')).toEqual({
      year: '2025',
      month: '01',
    })
    for (const url of [
      'https://evil.example/pub/player/hikaru/games/2026/10',
      'http://api.chess.com/pub/player/hikaru/games/2026/10',
      'https://api.chess.com.evil.example/pub/player/hikaru/games/2026/10',
      'https://api.chess.com@evil.example/pub/player/hikaru/games/2026/10',
      'https://api.chess.com:8443/pub/player/hikaru/games/2026/10',
      'https://api.chess.com/pub/player/hikaru/games/2026/13',
      'https://api.chess.com/pub/player/hikaru/games/2026/10?x=1',
      'https://api.chess.com/pub/player/hikaru/games/2026/10/pgn',
      'https://api.chess.com/pub/player/../../titled/GM/games/2026/10',
      'javascript:alert(1)',
      '/pub/player/hikaru/games/2026/10',
      42,
      null,
    ])
      expect(archiveMonth(url), String(url)).toBeNull()
    expect(() =>
      latestArchive({ archives: ['https://evil.example/pub/player/hikaru/games/2026/10'] }),
    ).toThrow()
    expect(() => latestArchive({ nothing: true })).toThrow()
    expect(() => latestArchive(null)).toThrow()
  })
})

describe("a month's games", () => {
  it('lists them newest first and leaves out entries without the fields shown', () => {
    const games = monthGames({ games: [...hikaruOctober.games, { url: 'x' }, null, 'game'] })
    expect(games.map((g) => g.url)).toEqual([
      matingGame.url,
      chess960Game.url,
      drawnDailyGame.url,
      resignedGame.url,
    ])
    expect(monthGames({ games: [] })).toEqual([])
    expect(() => monthGames({})).toThrow()
  })

  it('opens standard games with their moves in the analysis, and names a variant instead', () => {
    expect(analysable(matingGame)).toBe(true)
    expect(variantName(matingGame)).toBeNull()
    expect(analysable(chess960Game)).toBe(false)
    expect(variantName(chess960Game)).toBe('Chess960')
    expect(analysable({ ...matingGame, pgn: undefined })).toBe(false)
  })

  it("hands /analysis a PGN its reader takes, chess.com's tags and clock comments included", () => {
    const line = parsePgn(matingGame.pgn)
    expect(mainLine(line).map((id) => line.nodes[id].san)).toEqual([
      'e4',
      'e5',
      'Bc4',
      'Nc6',
      'Qh5',
      'Nf6',
      'Qxf7#',
    ])
    expect(line.tags.White).toBe('Hikaru')
  })
})

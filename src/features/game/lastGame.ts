// A visitor's last finished practice game stays in this browser (signed-in players keep theirs on the server, in
// 'My games'); /analysis offers it as 'Your last game'. No chess.js here: /analysis reads it before the board loads.

export const LAST_GAME_KEY = 'lastPracticeGame'

export interface LastGame {
  pgn: string
  /** When it ended, ISO 8601. */
  playedAt: string
}

export function rememberLastGame(game: LastGame) {
  try {
    localStorage.setItem(LAST_GAME_KEY, JSON.stringify(game))
  } catch (error) {
    // A full or refused storage loses only this convenience.
    console.error('The last practice game could not be kept in this browser', error)
  }
}

/** The last game kept in this browser, or null (none, or not one this app wrote). */
export function readLastGame(): LastGame | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(LAST_GAME_KEY) ?? 'null')
    if (typeof value !== 'object' || value === null) return null
    const { pgn, playedAt } = value as Record<string, unknown>
    return typeof pgn === 'string' && typeof playedAt === 'string' ? { pgn, playedAt } : null
  } catch {
    return null
  }
}

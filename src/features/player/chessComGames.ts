// A player's games as chess.com's Published-Data API gives them (GET /player/{username}/games/archives, then one
// month's games), read defensively and put into the words the player page shows.

/** One side of a chess.com game. */
export interface ChessComSide {
  username: string
  rating?: number
  /** 'win', 'checkmated', 'resigned', 'timeout', 'agreed', 'repetition', 'stalemate', … */
  result: string
}

/** A finished game of a month's archive (the fields the page uses). */
export interface ChessComGame {
  url: string
  pgn?: string
  /** '600', '180+2', '1/86400' (daily: a day per move) */
  time_control: string
  /** Unix seconds. */
  end_time: number
  /** 'chess' for standard chess; 'chess960', 'bughouse', 'crazyhouse', 'kingofthehill', 'threecheck' otherwise. */
  rules: string
  white: ChessComSide
  black: ChessComSide
}

/** The month an archive holds, as its URL names it. */
export interface ArchiveMonth {
  year: string
  /** Two digits, '01' to '12'. */
  month: string
}

/**
 * The month of an archive URL, only when it is one of chess.com's own
 * (https://api.chess.com/pub/player/{username}/games/{yyyy}/{mm}): the page never follows another address an answer
 * names.
 */
export function archiveMonth(url: unknown): ArchiveMonth | null {
  if (typeof url !== 'string' || url.length > 300) return null
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.origin !== 'https://api.chess.com' || parsed.search || parsed.hash) return null
  const m = /^\/pub\/player\/[\w-]+\/games\/(\d{4})\/(0[1-9]|1[0-2])$/.exec(parsed.pathname)
  return m ? { year: m[1], month: m[2] } : null
}

/**
 * The latest month of a GET /games/archives answer (chess.com lists them oldest first): null when the player has
 * no archive; throws when the answer is not one chess.com gives or names another address.
 */
export function latestArchive(answer: unknown): ArchiveMonth | null {
  const archives = (answer as { archives?: unknown } | null)?.archives
  if (!Array.isArray(archives)) throw new Error('The archives answer has no list')
  if (archives.length === 0) return null
  const month = archiveMonth(archives[archives.length - 1])
  if (!month) throw new Error('The latest archive is not a chess.com address')
  return month
}

const isSide = (value: unknown): value is ChessComSide => {
  const side = value as Partial<ChessComSide> | null
  return (
    typeof side?.username === 'string' &&
    typeof side.result === 'string' &&
    (side.rating === undefined || typeof side.rating === 'number')
  )
}

const isGame = (value: unknown): value is ChessComGame => {
  const game = value as Partial<ChessComGame> | null
  return (
    typeof game?.url === 'string' &&
    (game.pgn === undefined || typeof game.pgn === 'string') &&
    typeof game.time_control === 'string' &&
    typeof game.end_time === 'number' &&
    typeof game.rules === 'string' &&
    isSide(game.white) &&
    isSide(game.black)
  )
}

/** A month's games, newest first; entries without the fields the page needs are left out. */
export function monthGames(answer: unknown): ChessComGame[] {
  const games = (answer as { games?: unknown } | null)?.games
  if (!Array.isArray(games)) throw new Error('The month answer has no list of games')
  return games.filter(isGame).sort((a, b) => b.end_time - a.end_time)
}

const DRAWS: Record<string, string> = {
  agreed: 'Drawn by agreement',
  repetition: 'Drawn by repetition',
  stalemate: 'Drawn by stalemate',
  insufficient: 'Drawn by insufficient material',
  '50move': 'Drawn by the 50-move rule',
  timevsinsufficient: 'Drawn on time against insufficient material',
}

/** How the losing side lost, as chess.com records it on that side. */
const HOW: Record<string, string> = {
  checkmated: 'by checkmate',
  resigned: 'by resignation',
  timeout: 'on time',
  abandoned: 'by abandonment',
  kingofthehill: 'by king of the hill',
  threecheck: 'by three checks',
  bughousepartnerlose: "by the partner's loss",
}

/** The player's side and the opponent's, matched by username without case; null when the player is neither. */
export function sides(game: ChessComGame, username: string) {
  const name = username.toLowerCase()
  if (game.white.username.toLowerCase() === name) return { me: game.white, opponent: game.black }
  if (game.black.username.toLowerCase() === name) return { me: game.black, opponent: game.white }
  return null
}

/** The result from the player's side: 'Won by checkmate', 'Lost on time', 'Drawn by repetition'… */
export function resultText(game: ChessComGame, username: string): string {
  const both = sides(game, username)
  if (!both) return 'Unknown result'
  const { me, opponent } = both
  if (me.result === 'win') return HOW[opponent.result] ? `Won ${HOW[opponent.result]}` : 'Won'
  if (DRAWS[me.result]) return DRAWS[me.result]
  return HOW[me.result] ? `Lost ${HOW[me.result]}` : 'Lost'
}

const clock = (seconds: number) => (seconds % 60 === 0 ? String(seconds / 60) : `${seconds}s`)

/** A time control in words: '10 min', '3+2', '30s+1', 'Daily' (chess.com's '1/86400': a day per move). */
export function timeControlText(timeControl: string): string {
  if (/^1\/\d{1,7}$/.test(timeControl)) return 'Daily'
  const m = /^(\d{1,6})(?:\+(\d{1,4}))?$/.exec(timeControl)
  if (!m) return timeControl.slice(0, 20)
  const base = Number(m[1])
  if (m[2] === undefined) return base % 60 === 0 ? `${base / 60} min` : `${base} s`
  return `${clock(base)}+${m[2]}`
}

/** The variants chess.com names in `rules`, for the games that are not standard chess. */
const VARIANTS: Record<string, string> = {
  chess960: 'Chess960',
  bughouse: 'Bughouse',
  crazyhouse: 'Crazyhouse',
  kingofthehill: 'King of the Hill',
  threecheck: 'Three-check',
  oddschess: 'Odds chess',
}

/** The variant's name for a game that is not standard chess, or null for standard chess. */
export function variantName(game: ChessComGame): string | null {
  return game.rules === 'chess' ? null : (VARIANTS[game.rules] ?? game.rules.slice(0, 20))
}

/** A game /analysis can read: standard chess with a PGN. */
export const analysable = (game: ChessComGame): game is ChessComGame & { pgn: string } =>
  game.rules === 'chess' && typeof game.pgn === 'string' && game.pgn.length > 0

/** The day a game ended, in the reader's time zone ('Oct 30, 2026'). */
export const gameDate = (endTime: number) =>
  new Date(endTime * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })

/** A month in words ('October 2026'). */
export const monthName = ({ year, month }: ArchiveMonth) =>
  new Date(Date.UTC(Number(year), Number(month) - 1, 1)).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })

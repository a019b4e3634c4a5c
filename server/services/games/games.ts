// Finished practice games a signed-in player keeps ('My games'): checked before they are stored, each seen and
// deleted by its player only (another user's game is answered as an unknown one).
import type { GameReading } from '../../../domain/chess/gameResult'
import { checkMoveCount, PgnError } from '../../../domain/chess/pgn'
import type { Db } from '../../db/db'
import { BadInput, NotFound } from '../errors'
import { pageByCreation, type Page, type PageQuery } from '../catalogue/pages'
import { readGameOffThread } from '../pgnThreads'
import { iso, type Actor, type Schema } from '../types'

type GameInput = Schema<'GameInput'>
type Game = Schema<'Game'>
type GameSummary = Schema<'GameSummary'>

/** The largest PGN kept, in bytes of UTF-8 (the contract's maxLength counts characters). */
export const GAME_PGN_MAX_BYTES = 20 * 1024
/** Games kept per player: saving one more drops the oldest. */
export const MAX_GAMES_PER_USER = 200
/**
 * The most moves (plies, variations included) a kept game holds: the longest games of tournament chess have fewer
 * than 600 plies (the record is 538), and the reading's time grows with them.
 */
export const GAME_MAX_PLIES = 600

const RESULT_WORDS: Record<string, string> = {
  '1-0': 'White won',
  '0-1': 'Black won',
  '1/2-1/2': 'a draw',
}

/**
 * Reads the game (on a reader thread, see pgnThreads.ts): a PGN that does not read, holds more than GAME_MAX_PLIES
 * moves, a game not over, or a result the position does not give is a 400. Returns its plies.
 */
async function checkGame(input: GameInput): Promise<number> {
  if (Buffer.byteLength(input.pgn, 'utf8') > GAME_PGN_MAX_BYTES)
    throw new BadInput(`The PGN is larger than ${GAME_PGN_MAX_BYTES / 1024} KB`)
  let reading: GameReading
  try {
    // counted here, without playing a move: a game over the bound waits for no reader thread
    checkMoveCount(input.pgn, GAME_MAX_PLIES)
    reading = await readGameOffThread(input.pgn, GAME_MAX_PLIES)
  } catch (error) {
    if (error instanceof PgnError) throw new BadInput(error.message)
    throw error
  }
  const { result } = reading
  if (!result) throw new BadInput('The game is not over: its last position is neither a mate nor a draw')
  if (result !== input.result)
    throw new BadInput(
      `The result ${input.result} does not match the game: its last position is ${RESULT_WORDS[result]}`,
    )
  return reading.plies
}

interface GameRow {
  id: string
  result: Game['result']
  opponent_level: Game['opponentLevel']
  colour: Game['colour']
  moves: number
  played_at: unknown
  pgn?: string
}

const summaryOf = (row: GameRow): GameSummary => ({
  _id: row.id,
  result: row.result,
  opponentLevel: row.opponent_level,
  colour: row.colour,
  moves: row.moves,
  playedAt: iso(row.played_at),
})
const gameOf = (row: GameRow & { pgn: string }): Game => ({ ...summaryOf(row), pgn: row.pgn })

const COLUMNS = 'id, result, opponent_level, colour, moves, played_at'

/** Keeps a finished game; the same key again answers the game kept under it (created: false). */
export async function save(
  db: Db,
  actor: Actor,
  input: GameInput,
): Promise<{ game: Game; created: boolean }> {
  const plies = await checkGame(input)
  const inserted = await db.query<GameRow & { pgn: string }>(
    `INSERT INTO games (user_id, key, pgn, result, opponent_level, colour, moves)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id, key) DO NOTHING RETURNING ${COLUMNS}, pgn`,
    [actor.id, input.key, input.pgn, input.result, input.opponentLevel, input.colour, plies],
  )
  if (inserted[0]) {
    await db.query(
      `DELETE FROM games WHERE id IN (
         SELECT id FROM games WHERE user_id = $1 ORDER BY played_at DESC, id DESC OFFSET $2)`,
      [actor.id, MAX_GAMES_PER_USER],
    )
    return { game: gameOf(inserted[0]), created: true }
  }
  const [kept] = await db.query<GameRow & { pgn: string }>(
    `SELECT ${COLUMNS}, pgn FROM games WHERE user_id = $1 AND key = $2`,
    [actor.id, input.key],
  )
  // Deleted between the two statements: the save is answered as if it had just been kept.
  if (!kept) return save(db, actor, input)
  return { game: gameOf(kept), created: false }
}

/** The caller's games, newest first, a page at a time (without their PGN). */
export async function page(
  db: Db,
  secret: string,
  actor: Actor,
  query: PageQuery,
): Promise<Page<GameSummary>> {
  const rows = await pageByCreation<GameRow>(
    db,
    {
      list: `games:${actor.id}`,
      secret,
      columns: COLUMNS,
      from: 'games',
      where: 'user_id = $1',
      params: [actor.id],
      key: 'played_at',
      id: 'id',
      newestFirst: true,
    },
    query,
  )
  return { items: rows.items.map(summaryOf), nextCursor: rows.nextCursor }
}

/** One of the caller's games; anyone else's is 404, as an unknown id. */
export async function read(db: Db, actor: Actor, id: string): Promise<Game> {
  const [row] = await db.query<GameRow & { pgn: string }>(
    `SELECT ${COLUMNS}, pgn FROM games WHERE id = $1 AND user_id = $2`,
    [id, actor.id],
  )
  if (!row) throw new NotFound('Game')
  return gameOf(row)
}

export async function remove(db: Db, actor: Actor, id: string): Promise<void> {
  const deleted = await db.query(`DELETE FROM games WHERE id = $1 AND user_id = $2 RETURNING id`, [
    id,
    actor.id,
  ])
  if (deleted.length === 0) throw new NotFound('Game')
}

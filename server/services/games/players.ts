import type { Db } from '../../db/db'
import { BadInput, Forbidden, NotFound } from '../errors'
import { type Page, type PageQuery, pageByCreation } from '../catalogue/pages'
import { canDeleteComment } from '../../../domain/rules'
import { type Actor, iso, type Schema } from '../types'

type FollowerView = Schema<'Follower'>

export async function followers(db: Db, player: string): Promise<FollowerView[]> {
  const rows = await db.query<{ id: string; user_id: string; username: string }>(
    `SELECT f.id, f.user_id, u.username FROM follows f JOIN users u ON u.id = f.user_id
     WHERE lower(f.player) = lower($1) ORDER BY f.created_at, f.id`,
    [player],
  )
  return rows.map((r) => ({ _id: r.id, user: { _id: r.user_id, username: r.username } }))
}

/**
 * One page of a player's followers, in the whole list's order (when they followed, then the record's id); with
 * `userId`, that user's record only. `secret` seals the cursors, which belong to this player's list.
 */
export async function followerPage(
  db: Db,
  secret: string,
  player: string,
  query: PageQuery & { userId?: string },
): Promise<Page<FollowerView>> {
  const page = await pageByCreation<{ id: string; user_id: string; username: string }>(
    db,
    {
      list: `followers:${player.toLowerCase()}`,
      secret,
      columns: 'f.id, f.user_id, u.username',
      from: 'follows f JOIN users u ON u.id = f.user_id',
      where:
        query.userId === undefined
          ? 'lower(f.player) = lower($1)'
          : 'lower(f.player) = lower($1) AND f.user_id = $2',
      params: query.userId === undefined ? [player] : [player, query.userId],
      key: 'f.created_at',
      id: 'f.id',
    },
    query,
  )
  return {
    items: page.items.map((r) => ({ _id: r.id, user: { _id: r.user_id, username: r.username } })),
    nextCursor: page.nextCursor,
  }
}

/** Idempotent: following a player twice (in any letter case) keeps one record. */
export async function follow(
  db: Db,
  actor: Actor,
  player: string,
): Promise<{ follower: FollowerView; created: boolean }> {
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO follows (user_id, player) VALUES ($1, $2)
     ON CONFLICT (user_id, lower(player)) DO NOTHING RETURNING id`,
    [actor.id, player],
  )
  const id =
    inserted[0]?.id ??
    (
      await db.query<{ id: string }>(
        'SELECT id FROM follows WHERE user_id = $1 AND lower(player) = lower($2)',
        [actor.id, player],
      )
    )[0].id
  return {
    follower: { _id: id, user: { _id: actor.id, username: actor.username } },
    created: inserted.length > 0,
  }
}

export async function unfollow(db: Db, actor: Actor, player: string): Promise<void> {
  await db.query('DELETE FROM follows WHERE user_id = $1 AND lower(player) = lower($2)', [actor.id, player])
}

type CommentView = Schema<'Comment'>

/** Comments per page when the client names no limit. */
const COMMENT_PAGE_SIZE = 20

/** A page cursor, `{createdAt}_{_id}` of the last comment of the previous page, as the contract writes it. */
export interface CommentCursor {
  /** createdAt in epoch milliseconds (the precision createdAt is serialized with). */
  ms: number
  id: string
}

const CURSOR =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

/** Reads a cursor; 400 for a date that does not exist (the contract's pattern lets 2024-02-31 through). */
function parseCommentCursor(text: string): CommentCursor {
  const m = CURSOR.exec(text)
  if (!m) throw new BadInput('querystring/before must be the createdAt and _id of a comment joined by _')
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  const millis = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000 + 1e-9) : 0
  const date = new Date(0)
  date.setUTCFullYear(y, mo - 1, d)
  date.setUTCHours(h, mi, sec, millis)
  // a day, hour, minute or second out of range rolls over into another date
  const valid =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === sec
  if (!valid) throw new BadInput('querystring/before carries a date that does not exist')
  return { ms: date.getTime(), id: m[8].toLowerCase() }
}

// The sort key: created_at cut to the cursor's precision (see migration 006 for its index).
const PAGE_KEY = "date_trunc('milliseconds', c.created_at AT TIME ZONE 'UTC')"

/**
 * One page of comments on a player, newest first. A page starts after the cursor's comment in the order
 * (created_at to the millisecond, id), both descending, comparing the row tuple with the cursor: comments
 * added between two page requests are newer than any cursor, so no comment is skipped or repeated.
 */
export async function comments(
  db: Db,
  player: string,
  page: { limit?: number; before?: string } = {},
): Promise<CommentView[]> {
  const limit = page.limit ?? COMMENT_PAGE_SIZE
  const cursor = page.before === undefined ? undefined : parseCommentCursor(page.before)
  const params: unknown[] = [player, limit]
  let after = ''
  if (cursor) {
    params.push(cursor.ms, cursor.id)
    after = `AND (${PAGE_KEY}, c.id) < (timestamp 'epoch' + $3::bigint * interval '1 millisecond', $4::uuid)`
  }
  const rows = await db.query<{
    id: string
    user_id: string
    username: string
    comment: string
    created_at: Date
  }>(
    `SELECT c.id, c.user_id, u.username, c.comment, date_trunc('milliseconds', c.created_at) AS created_at
     FROM comments c JOIN users u ON u.id = c.user_id
     WHERE lower(c.player) = lower($1) ${after}
     ORDER BY ${PAGE_KEY} DESC, c.id DESC
     LIMIT $2`,
    params,
  )
  return rows.map((r) => ({
    _id: r.id,
    user: { _id: r.user_id, username: r.username },
    comment: r.comment,
    createdAt: iso(r.created_at),
  }))
}

/** Its author or an admin may delete a comment. */
export async function deleteComment(db: Db, actor: Actor, id: string): Promise<void> {
  const [row] = await db.query<{ user_id: string }>('SELECT user_id FROM comments WHERE id = $1', [id])
  if (!row) throw new NotFound('Comment')
  if (!canDeleteComment(actor, row.user_id))
    throw new Forbidden('Only its author or an admin may delete a comment')
  await db.query('DELETE FROM comments WHERE id = $1', [id])
}

/** Stored verbatim: the text is data, escaped by whoever renders it. */
export async function addComment(db: Db, actor: Actor, player: string, text: string): Promise<CommentView> {
  const [row] = await db.query<{ id: string; created_at: Date }>(
    "INSERT INTO comments (user_id, player, comment) VALUES ($1, $2, $3) RETURNING id, date_trunc('milliseconds', created_at) AS created_at",
    [actor.id, player, text],
  )
  return {
    _id: row.id,
    user: { _id: actor.id, username: actor.username },
    comment: text,
    createdAt: iso(row.created_at),
  }
}

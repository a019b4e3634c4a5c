import type { Db } from '../db/db'
import { type Actor, iso } from './types'

export interface FollowerView {
  _id: string
  user: { _id: string; username: string }
}

export async function followers(db: Db, player: string): Promise<FollowerView[]> {
  const rows = await db.query<{ id: string; user_id: string; username: string }>(
    `SELECT f.id, f.user_id, u.username FROM follows f JOIN users u ON u.id = f.user_id
     WHERE lower(f.player) = lower($1) ORDER BY f.created_at, f.id`,
    [player],
  )
  return rows.map((r) => ({ _id: r.id, user: { _id: r.user_id, username: r.username } }))
}

/** Idempotent: following a player twice (in any letter case) keeps one record. */
export async function follow(db: Db, actor: Actor, player: string): Promise<{ follower: FollowerView; created: boolean }> {
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO follows (user_id, player) VALUES ($1, $2)
     ON CONFLICT (user_id, lower(player)) DO NOTHING RETURNING id`,
    [actor.id, player],
  )
  const id =
    inserted[0]?.id ??
    (await db.query<{ id: string }>('SELECT id FROM follows WHERE user_id = $1 AND lower(player) = lower($2)', [actor.id, player]))[0]!.id
  return { follower: { _id: id, user: { _id: actor.id, username: actor.username } }, created: inserted.length > 0 }
}

export async function unfollow(db: Db, actor: Actor, player: string): Promise<void> {
  await db.query('DELETE FROM follows WHERE user_id = $1 AND lower(player) = lower($2)', [actor.id, player])
}

export interface CommentView {
  _id: string
  user: { _id: string; username: string }
  comment: string
  createdAt: string
}

export async function comments(db: Db, player: string): Promise<CommentView[]> {
  const rows = await db.query<{ id: string; user_id: string; username: string; comment: string; created_at: Date }>(
    `SELECT c.id, c.user_id, u.username, c.comment, c.created_at FROM comments c JOIN users u ON u.id = c.user_id
     WHERE lower(c.player) = lower($1) ORDER BY c.created_at, c.id`,
    [player],
  )
  return rows.map((r) => ({ _id: r.id, user: { _id: r.user_id, username: r.username }, comment: r.comment, createdAt: iso(r.created_at) }))
}

/** Stored verbatim: the text is data, escaped by whoever renders it. */
export async function addComment(db: Db, actor: Actor, player: string, text: string): Promise<CommentView> {
  const [row] = await db.query<{ id: string; created_at: Date }>(
    'INSERT INTO comments (user_id, player, comment) VALUES ($1, $2, $3) RETURNING id, created_at',
    [actor.id, player, text],
  )
  return { _id: row!.id, user: { _id: actor.id, username: actor.username }, comment: text, createdAt: iso(row!.created_at) }
}

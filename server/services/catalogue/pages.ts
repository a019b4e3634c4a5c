import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto'
import type { Db } from '../../db/db'
import { BadInput } from '../errors'

/** `limit` and `cursor` of a list read a page at a time: the users, a player's followers, ... */
export interface PageQuery {
  limit?: number
  cursor?: string
}
export interface Page<T> {
  items: T[]
  nextCursor: string | null
}

/** Items per page when the client names no limit. */
export const PAGE_SIZE = 20

/** True when the request asks for pages rather than the whole list. */
export const isPageQuery = (query: PageQuery | undefined): boolean =>
  query?.limit !== undefined || query?.cursor !== undefined

/** A timestamptz as a cursor carries it: UTC to the microsecond, so the keyset comparison is exact. */
export const microsecondsText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
/** What microsecondsText writes. */
export const MICROSECONDS_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
/** An id as PostgreSQL writes a uuid. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const NOT_OURS = 'cursor is not a cursor this server made'

const keys = new Map<string, Buffer>()
/**
 * A key of the cursors ('page cursors' seals them, 'page cursor nonces' makes their nonces), derived from the
 * server's signing secret: the same on every instance sharing it.
 */
function cursorKey(secret: string, use = 'page cursors'): Buffer {
  let key = keys.get(`${use}\n${secret}`)
  if (!key) keys.set(`${use}\n${secret}`, (key = createHmac('sha256', secret).update(use).digest()))
  return key
}

/**
 * A cursor is sealed (AES-256-GCM): it carries the last item's creation time to the microsecond, which the list
 * itself does not show (when someone followed a player or enrolled), so the caller can neither read nor forge it.
 * Its nonce is a MAC of the text, so the same page always answers the same cursor (its weak ETag and 304 hold);
 * a nonce repeats only with its own text, which GCM allows.
 */
function seal(secret: string, value: [string, string, string]): string {
  const text = JSON.stringify(value)
  const iv = createHmac('sha256', cursorKey(secret, 'page cursor nonces'))
    .update(text)
    .digest()
    .subarray(0, 12)
  const cipher = createCipheriv('aes-256-gcm', cursorKey(secret), iv)
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

function open(secret: string, list: string, text: string): { key: string; id: string } {
  const bytes = Buffer.from(text, 'base64url')
  let parsed: unknown
  try {
    if (bytes.length < 29) throw new Error('short')
    const decipher = createDecipheriv('aes-256-gcm', cursorKey(secret), bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    parsed = JSON.parse(
      Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'),
    )
  } catch {
    throw new BadInput(NOT_OURS)
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    typeof parsed[1] !== 'string' ||
    typeof parsed[2] !== 'string' ||
    !MICROSECONDS_FORM.test(parsed[1]) ||
    !UUID.test(parsed[2])
  )
    throw new BadInput(NOT_OURS)
  if (parsed[0] !== list) throw new BadInput('cursor belongs to another list')
  return { key: parsed[1], id: parsed[2] }
}

export interface CreationOrder {
  /** The list the cursors belong to ('users', 'followers:hikaru', ...): a cursor of another one is refused. */
  list: string
  /** The signing secret the cursors are sealed with. */
  secret: string
  /** `SELECT <columns> FROM <from> WHERE <where>` (the where clause with `$n` for `params`). */
  columns: string
  from: string
  where?: string
  params?: unknown[]
  /** The creation time (timestamptz) and the id (uuid) ordering the list, oldest first. */
  key: string
  id: string
  /** Newest first (the pairs read backwards: a cursor's page holds the items created before its item). */
  newestFirst?: boolean
}

/**
 * One page of a list ordered by creation time, then id (oldest first), after the cursor's item (keyset): items
 * created between two page requests are newer than every cursor, and one deleted leaves the pairs after it in
 * place, so nothing is repeated or skipped.
 */
export async function pageByCreation<R extends object>(
  db: Db,
  order: CreationOrder,
  query: PageQuery,
): Promise<Page<R>> {
  const limit = query.limit ?? PAGE_SIZE
  const cursor = query.cursor === undefined ? undefined : open(order.secret, order.list, query.cursor)
  const params = [...(order.params ?? [])]
  const param = (value: unknown) => `$${params.push(value)}`
  const filters = order.where ? [order.where] : []
  const [after, direction] = order.newestFirst ? ['<', 'DESC'] : ['>', '']
  if (cursor)
    filters.push(
      `(${order.key}, ${order.id}) ${after} (${param(cursor.key)}::timestamptz, ${param(cursor.id)}::uuid)`,
    )
  const rows = await db.query<R & { page_key: string; page_id: string }>(
    `SELECT ${order.columns},
       ${microsecondsText(order.key)} AS page_key,
       ${order.id}::text AS page_id
     FROM ${order.from} ${filters.length ? `WHERE ${filters.join(' AND ')}` : ''}
     ORDER BY ${order.key} ${direction}, ${order.id} ${direction} LIMIT ${param(limit + 1)}`,
    params,
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    items: page.map(({ page_key: _key, page_id: _id, ...item }) => item as unknown as R),
    nextCursor:
      rows.length > limit && last ? seal(order.secret, [order.list, last.page_key, last.page_id]) : null,
  }
}

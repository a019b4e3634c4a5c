// The small pieces both ways of running PGlite build their Db from (in this process, server/db/db.ts, and in its
// worker thread, server/db/pgliteThread.ts): a transaction's handle and statements run by name. A file of their own
// so that the thread's module does not import db.ts, which imports it.
import type { Db } from './db'

/**
 * The handle a transaction's function gets (`Db.transaction`): its statements run in the transaction, and a nested
 * call joins it. Closing it is the transaction's owner's business.
 */
export function transactionDb(
  kind: Db['kind'],
  query: Db['query'],
  exec: (sql: string) => Promise<unknown>,
): Db {
  const self: Db = {
    kind,
    query,
    transaction: (fn) => fn(self),
    exec: async (sql) => {
      await exec(sql)
    },
    close: async () => {},
  }
  return self
}

/**
 * A parameter as an SQL literal for EXECUTE: text in single quotes (quotes doubled; standard_conforming_strings,
 * on by default and never turned off here, keeps backslashes literal), which PostgreSQL reads as the type the
 * prepared statement gave its parameter, as it reads a parameter sent as text. Arrays of plain values become an
 * array's text. Anything else (or a NUL, which would end the statement's text) gets no literal: undefined.
 */
export function sqlLiteral(value: unknown): string | undefined {
  const text = (v: unknown): string | undefined => {
    if (typeof v === 'string') return v.includes('\0') ? undefined : v
    if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined
    if (typeof v === 'bigint' || typeof v === 'boolean') return String(v)
    return undefined
  }
  if (value === null || value === undefined) return 'NULL'
  let body: string | undefined
  if (Array.isArray(value)) {
    const items = value.map(text)
    if (items.some((item) => item === undefined)) return undefined
    body = `{${items.map((item) => `"${item!.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`
  } else body = text(value)
  return body === undefined ? undefined : `'${body.replace(/'/g, "''")}'`
}

/**
 * PGlite's Db.prepared: the statement run by name (`execute`, server/db/pgliteStatements.mjs) with its parameters
 * as SQL literals, or as a plain query when one of them has none (sqlLiteral).
 */
export function preparedByName(
  execute: <T>(name: string, sql: string, args: string[]) => Promise<T[]>,
  query: Db['query'],
): NonNullable<Db['prepared']> {
  return <T>(name: string, sql: string, params: unknown[] = []) => {
    const args = params.map(sqlLiteral)
    return args.some((arg) => arg === undefined)
      ? query<T>(sql, params)
      : execute<T>(name, sql, args as string[])
  }
}

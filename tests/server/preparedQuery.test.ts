// preparedQuery (server/db/db.ts): the catalogue's statements run prepared on both databases. On PGlite a prepared
// statement is run with EXECUTE and its parameters written as SQL literals (sqlLiteral), so every value must come
// back exactly as a plain parameterized query gives it, whatever quotes, backslashes or words it holds.
import { describe, expect, it } from 'vitest'
import { preparedQuery, sqlLiteral } from '../../server/db/db'
import { useTestServer } from '../helpers/buildServer'
import { SQL_PAYLOADS, UNICODE_PAYLOADS } from '../trust/support/hostile'

const server = useTestServer()

// The trust suite's hostile strings, less those no text column can hold either way (a NUL, a lone surrogate), with
// the quoting a literal must get right.
const HOSTILE_TEXTS = [
  '',
  "it's",
  "''",
  'back\\slash \\',
  'a "quoted" word',
  "x'); DROP TABLE courses; --",
  'NULL',
  "$$ $1 E'\\x41' ::text",
  ...SQL_PAYLOADS,
  ...UNICODE_PAYLOADS.filter((text) => !text.includes('\0') && Buffer.from(text).toString() === text),
]

describe('preparedQuery', () => {
  it('gives back every text exactly as a plain query does, quotes and backslashes included', async () => {
    const db = server.current.db
    const sql = 'SELECT $1::text AS v, length($1::text) AS n'
    for (const text of HOSTILE_TEXTS) {
      const plain = await db.query(sql, [text])
      expect(await preparedQuery(db, sql, [text]), JSON.stringify(text)).toEqual(plain)
      expect(plain[0].v).toBe(text)
    }
  })

  it('passes arrays, numbers, booleans and NULL as the statement types them', async () => {
    const db = server.current.db
    const sql =
      'SELECT $1::text[] AS texts, $2::uuid[] AS ids, $3::numeric * 2 AS price, $4::int + 1 AS n, $5::boolean AS yes, $6::text IS NULL AS missing'
    const params = [
      HOSTILE_TEXTS,
      ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000ff'],
      12.5,
      41,
      true,
      null,
    ]
    const plain = await db.query(sql, params)
    expect(await preparedQuery(db, sql, params)).toEqual(plain)
    expect(plain[0]).toMatchObject({ texts: HOSTILE_TEXTS, n: 42, yes: true, missing: true })
  })

  it('leaves the tables alone whatever a value says', async () => {
    const db = server.current.db
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM courses')
    await preparedQuery(db, 'SELECT count(*)::int AS n FROM courses WHERE title = $1', [
      "x'; DELETE FROM courses; SELECT '",
    ])
    expect(await db.query('SELECT count(*)::int AS n FROM courses')).toEqual(before)
  })

  it('on PGlite, prepares a statement once and runs it by name afterwards', async (ctx) => {
    const db = server.current.db
    if (db.kind !== 'pglite') ctx.skip() // PostgreSQL: prepared per pooled connection by node-postgres
    const sql = "SELECT $1::int * 3 AS tripled -- prepared once, this test's own"
    const results = await Promise.all([1, 2, 3].map((n) => preparedQuery(db, sql, [n])))
    expect(results).toEqual([[{ tripled: 3 }], [{ tripled: 6 }], [{ tripled: 9 }]])
    const statements = await db.query<{ statement: string }>(
      "SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%this test''s own'",
    )
    expect(statements).toHaveLength(1)
  })

  it('writes no literal for what it cannot write safely: those values go as parameters', () => {
    expect(sqlLiteral("o'clock")).toBe("'o''clock'")
    expect(sqlLiteral(['a"b', 'c\\d'])).toBe(`'{"a\\"b","c\\\\d"}'`)
    expect(sqlLiteral(null)).toBe('NULL')
    for (const value of [
      'nul\0byte',
      Number.NaN,
      Infinity,
      { a: 1 },
      new Date(0),
      Buffer.from('x'),
      [['nested']],
    ])
      expect(sqlLiteral(value), typeof value).toBeUndefined()
  })
})

// The catalogue's parameters (GET /api/courses: q, sort, minPrice, maxPrice, limit, cursor) under hostile input:
// generated query strings answer 200 as the contract says or 400 problem+json, never a 5xx, and change nothing;
// pages walked with any page size give every course once. On PGlite and, in a PostgreSQL run, on PostgreSQL.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadOperations, responseErrors, type Operation } from '../support/contract'
import { fingerprint } from '../support/fingerprint'
import { isProblem } from '../support/http'
import { HTML_PAYLOADS, SQL_PAYLOADS, UNICODE_PAYLOADS, pct } from '../support/hostile'
import { runDatabases, startApp, type AppHarness } from '../support/harness'
import { buildWorld, createCourse, type World } from '../support/world'

const SEED = Number(process.env.TRUST_SEED ?? Math.floor(Math.random() * 2 ** 31))
const RUNS = 400

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const uuid = '00000000-0000-4000-8000-000000000000'

const text = fc.oneof(
  fc.constantFrom(
    ...SQL_PAYLOADS,
    ...HTML_PAYLOADS,
    ...UNICODE_PAYLOADS,
    '',
    ' ',
    ':*',
    '&|!()',
    "'",
    '%_\\',
  ),
  fc.string({ maxLength: 120 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
)
const number = fc.oneof(
  fc.constantFrom(
    '-1',
    '-0',
    '0',
    '0.5',
    '1e999',
    '-1e999',
    'NaN',
    '12345678901234567890',
    '1e10',
    '10000000001',
  ),
  fc.double().map(String),
  text,
)
const cursor = (real: string[]) =>
  fc.oneof(
    fc.constantFrom(...real),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/),
    fc.constantFrom(
      b64(['newest', '2026-01-01T00:00:00.000000Z', uuid]),
      b64(['newest', "'; DROP TABLE courses; --", uuid]),
      b64(['title', 'x'.repeat(500), uuid]),
      b64(['price', '-1', uuid]),
      b64(['price', '1e999', uuid]),
      b64(['popular', 'a', uuid]),
      b64(['title', 'a', 'not-a-uuid']),
      b64({ sort: 'newest' }),
      b64(null),
      'A'.repeat(1201),
    ),
    text,
  )

function query(real: string[]) {
  return fc
    .record(
      {
        q: text,
        sort: fc.oneof(fc.constantFrom('newest', 'title', 'price'), text),
        minPrice: number,
        maxPrice: number,
        limit: fc.oneof(fc.integer({ min: -5, max: 120 }).map(String), number),
        cursor: cursor(real),
      },
      { requiredKeys: [] },
    )
    .map((params) =>
      Object.entries(params)
        .map(([k, v]) => `${k}=${pct(v)}`)
        .join('&'),
    )
}

describe.each(runDatabases())('the catalogue on %s', (database) => {
  let h: AppHarness
  let w: World
  let op: Operation
  const cursors: string[] = []

  beforeAll(async () => {
    h = await startApp({ database })
    w = await buildWorld(h)
    for (let i = 0; i < 12; i++)
      await createCourse(h.send, w.courseInstructor, {
        title: `${['Sicilian', 'French', 'Caro-Kann'][i % 3]} course ${i}`,
        price: i % 4 === 0 ? 0 : 10 + i,
      })
    op = (await loadOperations()).find((o) => o.operationId === 'getCourses')!
    for (const sort of ['newest', 'title', 'price']) {
      const r = await h.send({ method: 'GET', url: `/api/courses?sort=${sort}&limit=2` })
      cursors.push(r.body.nextCursor as string)
    }
  })
  afterAll(async () => {
    await h?.close()
  })

  it(`${RUNS} generated queries: 200 as the contract says or 400 problem+json, never a 5xx, nothing changed`, async () => {
    const before = await fingerprint(h)
    const failures: string[] = []
    await fc.assert(
      fc.asyncProperty(query(cursors), async (qs) => {
        const r = await h.send({ method: 'GET', url: `/api/courses?${qs}` })
        const wrong =
          r.status === 400
            ? isProblem(r)
            : r.status === 200
              ? responseErrors(op, r.status, r.contentType, r.body, r.text)
              : `status ${r.status}`
        if (wrong) failures.push(`${qs}: ${wrong} ${r.text.slice(0, 200)}`)
        return wrong === null
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )
    expect(failures, `TRUST_SEED=${SEED}`).toEqual([])
    expect(await fingerprint(h)).toEqual(before)
  })

  it('walking the pages with any page size, sort and price bound gives every matching course once', async () => {
    const all = (await h.send({ method: 'GET', url: '/api/courses' })).body as {
      _id: string
      price: number
    }[]
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom('newest', 'title', 'price'),
        fc.option(fc.constantFrom(0, 12, 15), { nil: undefined }),
        async (limit, sort, maxPrice) => {
          const seen: string[] = []
          let cursor: string | null = null
          const bound = maxPrice === undefined ? '' : `&maxPrice=${maxPrice}`
          do {
            const after: string = cursor ? `&cursor=${cursor}` : ''
            const r = await h.send({
              method: 'GET',
              url: `/api/courses?sort=${sort}&limit=${limit}${bound}${after}`,
            })
            expect(r.status).toBe(200)
            seen.push(...(r.body.items as { _id: string }[]).map((c) => c._id))
            cursor = r.body.nextCursor as string | null
          } while (cursor)
          const expected = all.filter((c) => maxPrice === undefined || c.price <= maxPrice).map((c) => c._id)
          expect([...seen].sort()).toEqual([...expected].sort())
        },
      ),
      { seed: SEED, numRuns: 30 },
    )
  })
})

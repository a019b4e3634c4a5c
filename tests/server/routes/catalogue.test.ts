// GET /api/courses with a search, a sort, price bounds or pages: the catalogue's pages.
import { describe, expect, it, vi } from 'vitest'
import { expectContract, expectProblem } from '../../helpers/contract'
import { type TestUser, useTestServer } from '../../helpers/buildServer'
import { KEPT_VALUES } from '../../../server/services/catalogue/courseListCache'

const server = useTestServer()

interface Page {
  items: { _id: string; title: string; price: number; instructor: { username: string } | null }[]
  nextCursor: string | null
}

async function get(query: string): Promise<Page> {
  const res = await server.current.app.inject({ method: 'GET', url: `/api/courses?${query}` })
  return expectContract('getCourses', res) as Page
}

const titles = (page: Page) => page.items.map((c) => c.title)

/** Every page of a query, calling `between` after each page (to change the catalogue between requests). */
async function allPages(query: string, between: (n: number, page: Page) => Promise<void> = async () => {}) {
  const pages: Page[] = []
  let cursor: string | null = null
  do {
    const page = await get(cursor ? `${query}&cursor=${cursor}` : query)
    pages.push(page)
    cursor = page.nextCursor
    await between(pages.length, page)
  } while (cursor && pages.length < 50)
  return pages
}

/** Creation times a second apart, in the order the courses are made: PGlite's clock may give two inserts the
 * same instant, and the newest-first order would then fall back on the random ids. */
let coursesMade = 0
const firstMade = Date.now()

async function course(owner: TestUser, title: string, price = 10, description = 'A course for tests') {
  const id = await server.current.createCourse(owner, { title, price, description })
  coursesMade += 1
  await server.current.db.query('UPDATE courses SET created_at = $2 WHERE id = $1', [
    id,
    new Date(firstMade + coursesMade * 1000).toISOString(),
  ])
  return id
}

describe('GET /api/courses: the spec list and the catalogue page', () => {
  it('answers the whole list as an array without parameters (also with unknown ones), a page with any', async () => {
    const teacher = await server.current.createUser('instructor')
    for (const t of ['One', 'Two', 'Three']) await course(teacher, t)
    for (const url of ['/api/courses', '/api/courses?utm_source=mail']) {
      const res = await server.current.app.inject({ method: 'GET', url })
      expect(expectContract('getCourses', res).map((c: { title: string }) => c.title)).toEqual([
        'Three',
        'Two',
        'One',
      ])
    }
    const page = await get('limit=2')
    expect(titles(page)).toEqual(['Three', 'Two'])
    expect(typeof page.nextCursor).toBe('string')
    const rest = await get(`limit=2&cursor=${page.nextCursor}`)
    expect(rest).toMatchObject({ nextCursor: null })
    expect(titles(rest)).toEqual(['One'])
    expect((await get('q=')).items).toHaveLength(3)
    expect((await get('sort=newest')).nextCursor).toBeNull()
  })
})

describe('GET /api/courses?q=', () => {
  it('finds courses by the start of words of the title or description, every word, any case', async () => {
    const teacher = await server.current.createUser('instructor', { username: 'teacher_one' })
    await course(teacher, 'The Sicilian Najdorf', 10, 'Sharp lines for Black')
    await course(teacher, 'Sicilian Dragon', 10, 'The Yugoslav attack')
    await course(teacher, 'Queen Endgames', 10, 'Rook and queen against the Sicilian player')
    await course(teacher, 'Italian Game', 10, 'Open games for club players')
    expect(titles(await get('q=sicilian&sort=title'))).toEqual([
      'Queen Endgames',
      'Sicilian Dragon',
      'The Sicilian Najdorf',
    ])
    expect(titles(await get('q=SICIL'))).toHaveLength(3)
    expect(titles(await get('q=sicil%20najd'))).toEqual(['The Sicilian Najdorf'])
    expect(titles(await get('q=yugoslav'))).toEqual(['Sicilian Dragon'])
    expect(titles(await get('q=open%20game'))).toEqual(['Italian Game'])
    expect(titles(await get('q=french'))).toEqual([])
    expect(titles(await get('q=%27%3B%20DROP%20TABLE%20courses%3B--'))).toEqual([])
    expect(titles(await get('q=%3A*%20%26%20!'))).toEqual([])
  })

  it('finds the courses of instructors whose username starts with the search, and only theirs', async () => {
    const judit = await server.current.createUser('instructor', { username: 'Judit_Polgar' })
    const vishy = await server.current.createUser('instructor', { username: 'vishy' })
    await course(judit, 'Attacking chess')
    await course(judit, 'Calculation')
    await course(vishy, 'Rapid play')
    const page = await get('q=judit&sort=title')
    expect(titles(page)).toEqual(['Attacking chess', 'Calculation'])
    expect(page.items[0].instructor?.username).toBe('Judit_Polgar')
    expect(titles(await get('q=judit_p'))).toHaveLength(2)
    // '_' is a character of usernames here, not a LIKE wildcard
    expect(titles(await get('q=judit_x'))).toEqual([])
  })

  it('finds an instructor by the name they have now: renamed, or teaching their first course, it shows on the next search', async () => {
    const judit = await server.current.createUser('instructor', { username: 'judit_p' })
    await course(judit, 'Attacking chess')
    expect(titles(await get('q=judit'))).toEqual(['Attacking chess'])
    // Written in the database directly, as another instance or psql would.
    await server.current.db.query('UPDATE users SET username = $2 WHERE id = $1', [judit.id, 'Polgar_J'])
    expect(titles(await get('q=judit'))).toEqual([])
    expect(titles(await get('q=polgar'))).toEqual(['Attacking chess'])
    const newcomer = await server.current.createUser('instructor', { username: 'polgar_s' })
    expect(titles(await get('q=polgar_s'))).toEqual([])
    await course(newcomer, 'Endgame studies')
    expect(titles(await get('q=polgar&sort=title'))).toEqual(['Attacking chess', 'Endgame studies'])
    await server.current.db.query('DELETE FROM courses WHERE instructor_id = $1', [judit.id])
    expect(titles(await get('q=polgar'))).toEqual(['Endgame studies'])
  })
})

describe('GET /api/courses?sort=', () => {
  it('orders newest first, by title ignoring case, or by price lowest first (ties by id)', async () => {
    const teacher = await server.current.createUser('instructor')
    const made = [
      await course(teacher, 'charlie', 30),
      await course(teacher, 'Alpha', 5),
      await course(teacher, 'delta', 0),
      await course(teacher, 'Bravo', 5),
    ]
    // a minute apart (PGlite's clock may give two inserts the same instant)
    for (const [i, id] of made.entries())
      await server.current.db.query(
        "UPDATE courses SET created_at = now() - ($2::int * interval '1 minute') WHERE id = $1",
        [id, made.length - i],
      )
    expect(titles(await get('sort=newest'))).toEqual(['Bravo', 'delta', 'Alpha', 'charlie'])
    expect(titles(await get('sort=title'))).toEqual(['Alpha', 'Bravo', 'charlie', 'delta'])
    const byPrice = await get('sort=price')
    expect(byPrice.items.map((c) => c.price)).toEqual([0, 5, 5, 30])
    const tied = byPrice.items.filter((c) => c.price === 5).map((c) => c._id)
    expect(tied).toEqual([...tied].sort())
  })
})

describe('GET /api/courses?minPrice=&maxPrice=', () => {
  it('keeps the courses within the price bounds; maxPrice=0 lists the free ones', async () => {
    const teacher = await server.current.createUser('instructor')
    await course(teacher, 'Free', 0)
    await course(teacher, 'Cheap', 9.99)
    await course(teacher, 'Mid', 25)
    await course(teacher, 'Dear', 99.5)
    expect(titles(await get('maxPrice=0'))).toEqual(['Free'])
    expect(titles(await get('minPrice=9.99&maxPrice=25&sort=price'))).toEqual(['Cheap', 'Mid'])
    expect(titles(await get('minPrice=0.01&sort=price'))).toEqual(['Cheap', 'Mid', 'Dear'])
    expect(titles(await get('minPrice=50&maxPrice=10'))).toEqual([])
  })
})

describe('GET /api/courses: pages', () => {
  it.each(['newest', 'title', 'price'] as const)(
    'sort=%s: no course skipped or repeated while courses are created and deleted between pages',
    async (sort) => {
      const teacher = await server.current.createUser('instructor')
      const original = new Map<string, string>()
      // Titles spread over the alphabet and prices over a range, so new ones land before and after the cursor.
      for (let i = 0; i < 11; i++) {
        const title = `k${String.fromCharCode(98 + i * 2)} course ${i}`
        original.set(await course(teacher, title, 10 + i * 3), title)
      }
      let made = 0
      const pages = await allPages(`sort=${sort}&limit=3`, async (n, page) => {
        // one course sorting first, one last and one in between, by every order
        for (const [title, price] of [
          ['a new first', 0],
          ['z new last', 1000],
          [`kc new ${n}`, 14],
        ] as const) {
          made += 1
          await course(teacher, `${title} ${made}`, price)
        }
        // the course the next cursor was made from may go too
        if (n === 2) await server.current.db.query('DELETE FROM courses WHERE id = $1', [page.items[2]._id])
      })
      const seen = pages.flatMap((p) => p.items.map((c) => c._id))
      expect(new Set(seen).size, 'a course was repeated').toBe(seen.length)
      for (const [id, title] of original) expect(seen, `${title} was skipped`).toContain(id)
      const items = pages.flatMap((p) => p.items)
      const keys = items.map((c) =>
        sort === 'title' ? c.title.toLowerCase() : sort === 'price' ? c.price : c._id,
      )
      if (sort !== 'newest') expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
      expect(pages.slice(0, -1).every((p) => p.items.length === 3)).toBe(true)
      expect(pages.at(-1)!.nextCursor).toBeNull()
    },
  )

  it('newest: courses created while paging come before the first page, never inside the later ones', async () => {
    const teacher = await server.current.createUser('instructor')
    for (let i = 0; i < 5; i++) await course(teacher, `Course ${i}`)
    const before = (await get('limit=100')).items.map((c) => c._id)
    const pages = await allPages('limit=2', async () => {
      await course(teacher, 'Brand new')
    })
    expect(pages.flatMap((p) => p.items.map((c) => c._id))).toEqual(before)
    expect(titles(await get('limit=8')).filter((t) => t === 'Brand new')).toHaveLength(3)
    expect(titles(await get('limit=3'))).toEqual(['Brand new', 'Brand new', 'Brand new'])
  })
})

describe('GET /api/courses: refused parameters', () => {
  it.each([
    ['an unknown sort', 'sort=popular', 'sort'],
    ['a limit of 0', 'limit=0', 'limit'],
    ['a negative limit', 'limit=-1', 'limit'],
    ['a limit above 100', 'limit=101', 'limit'],
    ['a limit that is not an integer', 'limit=2.5', 'limit'],
    ['a negative price bound', 'minPrice=-1', 'minPrice'],
    ['a price bound that is not a number', 'maxPrice=cheap', 'maxPrice'],
    ['a search over 100 characters', `q=${'a'.repeat(101)}`, 'q'],
    ['a cursor with characters outside base64url', 'cursor=abc%2Bdef', 'cursor'],
    ['a cursor that is not one of ours', `cursor=${Buffer.from('hello').toString('base64url')}`, 'cursor'],
    [
      'a cursor with a forged key',
      `cursor=${Buffer.from(JSON.stringify(['newest', "'; DROP TABLE courses", '00000000-0000-4000-8000-000000000000'])).toString('base64url')}`,
      'cursor',
    ],
  ])('answers 400 for %s', async (_label, query, field) => {
    const res = await server.current.app.inject({ method: 'GET', url: `/api/courses?${query}` })
    const problem = expectProblem('getCourses', res, 400)
    expect(problem.detail).toContain(field)
  })

  it('answers 400 for a cursor given with another sort than the one it was made for', async () => {
    const teacher = await server.current.createUser('instructor')
    for (const t of ['One', 'Two', 'Three']) await course(teacher, t)
    const { nextCursor } = await get('sort=title&limit=1')
    const res = await server.current.app.inject({
      method: 'GET',
      url: `/api/courses?sort=price&cursor=${nextCursor}`,
    })
    expect(expectProblem('getCourses', res, 400).detail).toContain('sort')
    expect(titles(await get(`sort=title&limit=1&cursor=${nextCursor}`))).toEqual(['Three'])
  })
})

/** The statements reading course rows that `fn` made the server run (plain or prepared). */
async function coursesRead(fn: () => Promise<unknown>): Promise<string[]> {
  const db = server.current.db
  const spies = [vi.spyOn(db, 'query'), ...(db.prepared ? [vi.spyOn(db, 'prepared')] : [])]
  try {
    await fn()
    return spies
      .flatMap((spy) =>
        spy.mock.calls.map((call) => String(call.find((a) => typeof a === 'string' && / FROM /.test(a)))),
      )
      .filter((sql) => /FROM courses c/.test(sql))
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
}

describe('GET /api/courses: first pages kept until the courses change', () => {
  it.each(['newest', 'title', 'price'] as const)(
    'sort=%s: a course created, edited, deleted or renamed in the database is on the next first page',
    async (sort) => {
      const teacher = await server.current.createUser('instructor')
      for (let i = 0; i < 4; i++) await course(teacher, `m course ${i}`, 20 + i)
      const first = () => get(`sort=${sort}&limit=3`)
      // Asked again while nothing changed: the same page, answered without reading the courses again.
      const kept = await first()
      const pageReads = await coursesRead(() => first().then((again) => expect(again).toEqual(kept)))
      expect(pageReads).toEqual([])
      const made = await course(teacher, 'a course sorting first', 1)
      // newest: made last; title: 'a…'; price: the cheapest
      expect((await first()).items[0]).toMatchObject({ _id: made, title: 'a course sorting first' })
      await server.current.db.query('UPDATE courses SET title = $2, price_cents = 0 WHERE id = $1', [
        made,
        'a retitled course',
      ])
      expect((await first()).items[0]).toMatchObject({ _id: made, title: 'a retitled course', price: 0 })
      await server.current.db.query('UPDATE users SET username = $2 WHERE id = $1', [
        teacher.id,
        'renamed_teacher',
      ])
      expect((await first()).items.map((c) => c.instructor?.username)).toEqual(
        Array(3).fill('renamed_teacher'),
      )
      await server.current.db.query('DELETE FROM courses WHERE id = $1', [made])
      expect((await first()).items.map((c) => c._id)).not.toContain(made)
      // another limit is another page
      expect((await get(`sort=${sort}&limit=2`)).items).toHaveLength(2)
    },
  )
})

describe('GET /api/courses: searched and later pages kept until the courses change', () => {
  it('a search asked again (in any case) reads no course; a course made, edited or deleted shows on the next one', async () => {
    const teacher = await server.current.createUser('instructor')
    for (let i = 0; i < 3; i++) await course(teacher, `Kept Grünfeld ${i}`, 10 + i)
    const search = (q: string) => get(`q=${encodeURIComponent(q)}&limit=2`)
    const kept = await search('grünfeld')
    expect(titles(kept)).toEqual(['Kept Grünfeld 2', 'Kept Grünfeld 1'])
    const next = `q=gr%C3%BCnfeld&limit=2&cursor=${kept.nextCursor}`
    expect(titles(await get(next))).toEqual(['Kept Grünfeld 0'])
    const reads = await coursesRead(async () => {
      expect(await search(' GRÜNFELD ')).toEqual(kept)
      expect(titles(await get(next))).toEqual(['Kept Grünfeld 0'])
    })
    expect(reads).toEqual([])
    const made = await course(teacher, 'Kept Grünfeld new')
    expect(titles(await search('Grünfeld'))).toEqual(['Kept Grünfeld new', 'Kept Grünfeld 2'])
    await server.current.db.query('UPDATE courses SET title = $2 WHERE id = $1', [
      made,
      'Kept Grünfeld edited',
    ])
    expect(titles(await search('grünfeld'))[0]).toBe('Kept Grünfeld edited')
    await server.current.db.query('DELETE FROM courses WHERE id = $1', [made])
    expect(titles(await search('grünfeld'))).toEqual(['Kept Grünfeld 2', 'Kept Grünfeld 1'])
  })

  it(`keeps at most ${KEPT_VALUES} values, the least recently asked going first`, async () => {
    const teacher = await server.current.createUser('instructor')
    await course(teacher, 'Kept bounded')
    // KEPT_VALUES - 1 different pages of one search (the limit, sort and lower price bound vary)
    const sorts = ['newest', 'title', 'price']
    const search = (n: number) =>
      get(
        `q=bounded&limit=${(n % 100) + 1}&sort=${sorts[Math.floor(n / 100) % 3]}&minPrice=${Math.floor(n / 300)}`,
      )
    for (let n = 0; n < KEPT_VALUES - 1; n++) await search(n)
    // With the search's instructors (used by every search) that fills the cache; one more page lets the least
    // recently asked go (page 0): it is read again, and page 1 is still kept.
    await search(KEPT_VALUES - 1)
    expect(await coursesRead(() => search(1))).toEqual([])
    expect((await coursesRead(() => search(0))).length).toBeGreaterThan(0)
    // Least recently asked, not first made: page 1 was just asked again, so page 0 coming back let page 2 go, and
    // page 1, made before page 2, is still kept.
    expect(await coursesRead(() => search(1))).toEqual([])
    expect((await coursesRead(() => search(2))).length).toBeGreaterThan(0)
  })
})

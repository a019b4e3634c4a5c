// The kept course list (server/services/catalogue/courses.ts, migration 010) with two server instances on one PostgreSQL:
// a write through either one, or straight into the database, is in the other's next answer, and both name the
// same list with the same ETag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { json } from '../support/http'
import { sql } from '../support/pg'
import { startTwoInstances, type ServerProcess } from '../support/spawn'
import { createCourse, register, uniq, type Account } from '../support/world'

let a: ServerProcess
let b: ServerProcess
let dbUrl: string
let stop: () => Promise<void>
let instructor: Account

beforeAll(async () => {
  ;({ a, b, dbUrl, stop } = await startTwoInstances('cache2'))
  instructor = await register(a.send, uniq('cache'))
  await sql(dbUrl, "update users set role = 'instructor' where id = $1", [instructor.id])
})
afterAll(() => stop?.())

const list = (s: ServerProcess, headers: Record<string, string> = {}) =>
  s.send({ method: 'GET', url: '/api/courses', headers })
const ids = (body: { _id: string }[]) => body.map((c) => c._id)

describe('the course list on two instances sharing one PostgreSQL', () => {
  it('a course created through one is in the other’s list at once, each time', async () => {
    // both keep a list first
    for (const s of [a, b, a, b]) expect((await list(s)).status).toBe(200)
    for (let i = 0; i < 12; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a]
      const course = await createCourse(writer.send, instructor, { title: `Course ${i}` })
      const seen = await list(reader)
      expect(seen.status).toBe(200)
      expect(ids(seen.body)[0]).toBe(course._id)
      // and the writer's own list too
      expect(ids((await list(writer)).body)[0]).toBe(course._id)
    }
  })

  it('so is the catalogue’s first page (kept until a change too), in every order', async () => {
    const firstPage = (s: ServerProcess, sort: string) =>
      s.send({ method: 'GET', url: `/api/courses?sort=${sort}&limit=10` })
    for (const sort of ['newest', 'title', 'price']) for (const s of [a, b]) await firstPage(s, sort)
    for (let i = 0; i < 6; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a]
      // among the first ten by every order: the newest, each title before the ones made earlier, free
      const title = `a ${String.fromCharCode(122 - i)} first`
      const course = await createCourse(writer.send, instructor, { title, price: 0 })
      for (const sort of ['newest', 'title', 'price']) {
        const seen = await firstPage(reader, sort)
        expect(seen.status).toBe(200)
        const items = (seen.body as { items: { _id: string }[] }).items
        expect(ids(items), `${sort} on the other instance`).toContain(course._id)
      }
    }
  })

  it('both name the same list with the same ETag, and 304 the other’s tag until a write', async () => {
    const first = await list(a)
    const second = await list(b)
    expect(second.headers.etag).toBe(first.headers.etag)
    expect((await list(b, { 'if-none-match': first.headers.etag as string })).status).toBe(304)
    const course = await createCourse(a.send, instructor, { title: 'After the tag' })
    const fresh = await list(b, { 'if-none-match': first.headers.etag as string })
    expect(fresh.status).toBe(200)
    expect(ids(fresh.body)[0]).toBe(course._id)
    expect(fresh.headers.etag).not.toBe(first.headers.etag)
  })

  it('an edit, a deletion and a rename made through one, or in the database, reach the other at once', async () => {
    const course = await createCourse(a.send, instructor, { title: 'To be edited' })
    expect(ids((await list(b)).body)).toContain(course._id)
    const patched = await b.send({
      method: 'PATCH',
      url: `/api/courses/${course._id}`,
      token: instructor.token,
      ...json({ title: 'Edited through b' }),
    })
    expect(patched.status).toBe(200)
    expect((await list(a)).body[0]).toMatchObject({ _id: course._id, title: 'Edited through b' })
    // a writer that is neither instance (psql, a seed): the trigger moves the version all the same
    const renamed = uniq('renamed')
    await sql(dbUrl, 'update users set username = $1 where id = $2', [renamed, instructor.id])
    for (const s of [a, b]) expect((await list(s)).body[0].instructor.username).toBe(renamed)
    await sql(dbUrl, 'update courses set price_cents = 700 where id = $1', [course._id])
    for (const s of [b, a]) expect((await list(s)).body[0].price).toBe(7)
    const deleted = await a.send({
      method: 'DELETE',
      url: `/api/courses/${course._id}`,
      token: instructor.token,
    })
    expect(deleted.status).toBe(204)
    expect(ids((await list(b)).body)).not.toContain(course._id)
  })

  it('many readers on both while courses are created: every read made after a creation answered shows it', async () => {
    let stop = false
    const readers = [a, b, a, b].map(async (s) => {
      let n = 0
      while (!stop) {
        expect((await list(s)).status).toBe(200)
        n++
      }
      return n
    })
    try {
      for (let i = 0; i < 8; i++) {
        const [writer, reader] = i % 2 === 0 ? [b, a] : [a, b]
        const course = await createCourse(writer.send, instructor, { title: `Busy ${i}` })
        expect(ids((await list(reader)).body)[0]).toBe(course._id)
      }
    } finally {
      stop = true
    }
    expect((await Promise.all(readers)).every((n) => n > 0)).toBe(true)
  })
})

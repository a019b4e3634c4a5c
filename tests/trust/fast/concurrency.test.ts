// Races: what must be unique stays unique, nothing is orphaned, and every response tells the truth.
// On PGlite requests serialize inside the database; on PostgreSQL (pg pool) they truly run in parallel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { json, tally, type Res } from '../support/http'
import { startApp, type AppHarness } from '../support/harness'
import { account, createCourse, createModule, register, uniq, type Account } from '../support/world'

const figures: string[] = []

for (const database of ['pglite', 'postgres'] as const) {
  describe(`on ${database}`, () => {
    let h: AppHarness
    let instructor: Account
    beforeAll(async () => {
      h = await startApp({ database })
      instructor = await account(h, 'instructor')
    })
    afterAll(async () => {
      await h?.close()
    })

    it('50 parallel enrollments of one student in one course: one row, one 201, forty-nine 200', async () => {
      const s = await register(h.send)
      const c = await createCourse(h.send, instructor)
      const rs = await Promise.all(
        Array.from({ length: 50 }, () =>
          h.send({ method: 'POST', url: `/api/courses/${c._id}/enroll`, token: s.token }),
        ),
      )
      figures.push(`${database} enroll x50: ${JSON.stringify(tally(rs))}`)
      expect(tally(rs)).toEqual({ 201: 1, 200: 49 })
      for (const r of rs) expect([r.body.courseId, r.body.studentId]).toEqual([c._id, s.id])
      const rows = await h.query('select * from enrollments where course_id = $1 and student_id = $2', [
        c._id,
        s.id,
      ])
      expect(rows).toHaveLength(1)
      // a paid course: bought once
      const orders = await h.query(
        'select status, total_cents::float8 / 100 as total from orders where user_id = $1',
        [s.id],
      )
      expect(orders).toEqual([{ status: 'paid', total: c.price }])
    })

    it('50 parallel follows of one player (any letter case): one row, one 201, the same follower every time', async () => {
      const s = await register(h.send)
      const names = ['Hikaru', 'hikaru', 'HIKARU', 'hIkArU']
      const rs = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          h.send({
            method: 'POST',
            url: '/api/follow-player',
            token: s.token,
            ...json({ chessPlayerUsername: names[i % 4] }),
          }),
        ),
      )
      figures.push(`${database} follow x50: ${JSON.stringify(tally(rs))}`)
      expect(tally(rs)).toEqual({ 201: 1, 200: 49 })
      expect(new Set(rs.map((r) => r.body._id)).size).toBe(1)
      const rows = await h.query("select * from follows where user_id = $1 and lower(player) = 'hikaru'", [
        s.id,
      ])
      expect(rows).toHaveLength(1)
      const list = await h.send({ method: 'GET', url: '/api/player/HiKaRu/followers' })
      expect(list.body.filter((f: any) => f.user._id === s.id)).toHaveLength(1)
    })

    it('checkout twice at once: one order, one 201 and one 409, each course enrolled once, cart empty', async () => {
      for (let round = 0; round < 3; round++) {
        const s = await register(h.send)
        const c1 = await createCourse(h.send, instructor, { price: 10 })
        const c2 = await createCourse(h.send, instructor, { price: 2.5 })
        for (const c of [c1, c2])
          expect(
            (
              await h.send({
                method: 'POST',
                url: '/api/cart/items',
                token: s.token,
                ...json({ courseId: c._id }),
              })
            ).status,
          ).toBe(200)
        const rs = await Promise.all(
          [0, 1].map(() => h.send({ method: 'POST', url: '/api/cart/checkout', token: s.token })),
        )
        figures.push(`${database} checkout x2 (round ${round + 1}): ${JSON.stringify(tally(rs))}`)
        expect(tally(rs)).toEqual({ 201: 1, 409: 1 })
        const ok = rs.find((r) => r.status === 201)!
        expect(ok.body.total).toBeCloseTo(12.5, 2)
        expect([...ok.body.courseIds].sort()).toEqual([c1._id, c2._id].sort())
        // the second request waits for the first one's order, then finds the cart empty: one order, paid
        expect(await h.query('select status from orders where user_id = $1', [s.id])).toEqual([
          { status: 'paid' },
        ])
        expect(
          await h.query(
            'select * from order_items i join orders o on o.id = i.order_id where o.user_id = $1',
            [s.id],
          ),
        ).toHaveLength(2)
        expect(await h.query('select * from enrollments where student_id = $1', [s.id])).toHaveLength(2)
        expect(await h.query('select * from cart_items where user_id = $1', [s.id])).toHaveLength(0)
      }
    })

    it('20 parallel adds of one course to a cart: one cart line', async () => {
      const s = await register(h.send)
      const c = await createCourse(h.send, instructor)
      const rs = await Promise.all(
        Array.from({ length: 20 }, () =>
          h.send({ method: 'POST', url: '/api/cart/items', token: s.token, ...json({ courseId: c._id }) }),
        ),
      )
      expect(tally(rs)).toEqual({ 200: 20 })
      expect(await h.query('select * from cart_items where user_id = $1', [s.id])).toHaveLength(1)
    })

    it('two admins demoting each other at once: at least one admin always remains, and the answers match', async () => {
      await h.query("update users set role = 'student' where role = 'admin'")
      let a = await account(h, 'admin')
      for (let round = 0; round < 5; round++) {
        const b = await register(h.send)
        expect(
          (
            await h.send({
              method: 'PATCH',
              url: `/api/user/${b.id}/role`,
              token: a.token,
              ...json({ newRole: 'admin' }),
            })
          ).status,
        ).toBe(200)
        const [ra, rb] = await Promise.all([
          h.send({
            method: 'PATCH',
            url: `/api/user/${b.id}/role`,
            token: a.token,
            ...json({ newRole: 'student' }),
          }),
          h.send({
            method: 'PATCH',
            url: `/api/user/${a.id}/role`,
            token: b.token,
            ...json({ newRole: 'student' }),
          }),
        ])
        figures.push(`${database} mutual demotion (round ${round + 1}): ${ra.status}/${rb.status}`)
        const admins = await h.query<{ id: string }>("select id from users where role = 'admin'")
        expect(admins.length).toBe(1)
        expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1)
        for (const r of [ra, rb]) expect([200, 403, 409]).toContain(r.status)
        // the survivor is the one whose demotion was refused
        const survivor = ra.status === 200 ? a : { ...b, id: b.id }
        expect(admins[0].id).toBe(survivor.id)
        a = ra.status === 200 ? a : { ...b }
      }
    })

    it('four admins demoting themselves at once: exactly one stays admin', async () => {
      await h.query("update users set role = 'student' where role = 'admin'")
      const admins = await Promise.all([0, 1, 2, 3].map(() => account(h, 'admin')))
      const rs = await Promise.all(
        admins.map((a) =>
          h.send({
            method: 'PATCH',
            url: `/api/user/${a.id}/role`,
            token: a.token,
            ...json({ newRole: 'instructor' }),
          }),
        ),
      )
      figures.push(`${database} self-demotion x4: ${JSON.stringify(tally(rs))}`)
      expect(tally(rs)).toEqual({ 200: 3, 409: 1 })
      expect(await h.query("select id from users where role = 'admin'")).toHaveLength(1)
    })

    it("two admins setting one user's role at once: both told 200, the stored role is one of theirs", async () => {
      const a1 = await account(h, 'admin')
      const a2 = await account(h, 'admin')
      const u = await register(h.send)
      const [r1, r2] = await Promise.all([
        h.send({
          method: 'PATCH',
          url: `/api/user/${u.id}/role`,
          token: a1.token,
          ...json({ newRole: 'instructor' }),
        }),
        h.send({
          method: 'PATCH',
          url: `/api/user/${u.id}/role`,
          token: a2.token,
          ...json({ newRole: 'admin' }),
        }),
      ])
      expect([r1.status, r2.status]).toEqual([200, 200])
      const [row] = await h.query<{ role: string }>('select role from users where id = $1', [u.id])
      expect(['instructor', 'admin']).toContain(row.role)
    })

    it('course deletion while modules are being added: no orphans, every answer true', async () => {
      const later = <T>(ms: number, f: () => Promise<T>) =>
        new Promise<T>((r) => setTimeout(() => r(f()), ms))
      for (let round = 0; round < 3; round++) {
        const c = await createCourse(h.send, instructor)
        const add = (i: number) =>
          h.send({
            method: 'POST',
            url: '/api/modules',
            token: instructor.token,
            ...json({ title: `M${i}`, description: 'd', videoUrl: '/v.mp4', courseId: c._id }),
          })
        // adds spread over ~60 ms, the deletion lands in the middle of them
        const adds = Array.from({ length: 30 }, (_, i) => later(i * 2, () => add(i)))
        const del = later(20 + round * 10, () =>
          h.send({ method: 'DELETE', url: `/api/courses/${c._id}`, token: instructor.token }),
        )
        const rs = await Promise.all(adds)
        const delRes = await del
        figures.push(
          `${database} delete course during 30 module adds (round ${round + 1}): ${JSON.stringify(tally(rs))}, delete ${delRes.status}`,
        )
        expect(delRes.status).toBe(204)
        for (const r of rs) expect([201, 404]).toContain(r.status)
        expect(await h.query('select * from modules where course_id = $1', [c._id])).toHaveLength(0)
        expect(
          (await h.send({ method: 'GET', url: `/api/modules/course/${c._id}`, token: instructor.token }))
            .status,
        ).toBe(404)
      }
      expect(
        await h.query(
          'select m.id from modules m left join courses c on c.id = m.course_id where c.id is null',
        ),
      ).toHaveLength(0)
      expect(
        await h.query(
          'select v.id from videos v left join courses c on c.id = v.course_id where c.id is null',
        ),
      ).toHaveLength(0)
      expect(
        await h.query(
          'select e.course_id from enrollments e left join courses c on c.id = e.course_id where c.id is null',
        ),
      ).toHaveLength(0)
    })

    it('a module edited while it is deleted: the edit answers 200 or 404, never a lie or a 5xx', async () => {
      const c = await createCourse(h.send, instructor)
      const results: number[] = []
      for (let i = 0; i < 10; i++) {
        const m = await createModule(h.send, instructor, c._id)
        const [u, d] = await Promise.all([
          h.send({
            method: 'PATCH',
            url: `/api/modules/${m._id}`,
            token: instructor.token,
            ...json({ title: 'edited' }),
          }),
          h.send({ method: 'DELETE', url: `/api/modules/${m._id}`, token: instructor.token }),
        ])
        results.push(u.status)
        expect(d.status).toBe(204)
        expect([200, 404]).toContain(u.status)
        if (u.status === 200) expect(u.body).toMatchObject({ _id: m._id, title: 'edited' })
      }
      figures.push(`${database} edit during delete x10: ${JSON.stringify(results)}`)
      expect(await h.query('select * from modules where course_id = $1', [c._id])).toHaveLength(0)
    })

    it('a video uploaded while its course is deleted leaves no file and no row behind', async () => {
      const { readdirSync } = await import('node:fs')
      const { fakeMp4, multipart } = await import('../support/http')
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        const c = await createCourse(h.send, instructor)
        const mp = multipart(
          { courseId: c._id },
          { name: 'file', filename: 'v.mp4', type: 'video/mp4', data: fakeMp4(200 * 1024) },
        )
        const [up, del] = await Promise.all([
          h.send({ method: 'POST', url: '/api/videos', token: instructor.token, ...mp }),
          new Promise<Res>((r) =>
            setTimeout(
              () => r(h.send({ method: 'DELETE', url: `/api/courses/${c._id}`, token: instructor.token })),
              i * 3,
            ),
          ),
        ])
        statuses.push(up.status)
        expect(del.status).toBe(204)
        expect([201, 404]).toContain(up.status)
      }
      figures.push(`${database} upload during course delete x5: ${JSON.stringify(statuses)}`)
      const rows = await h.query<{ stored_name: string }>('select stored_name from videos')
      const files = readdirSync(h.config.mediaDir)
      expect(files.sort()).toEqual(rows.map((r) => r.stored_name).sort())
    })

    it('30 modules added at once to one course get 30 distinct positions', async () => {
      const c = await createCourse(h.send, instructor)
      await createModule(h.send, instructor, c._id)
      const rs = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          h.send({
            method: 'POST',
            url: '/api/modules',
            token: instructor.token,
            ...json({ title: `P${i}`, description: 'd', videoUrl: '/v.mp4', courseId: c._id }),
          }),
        ),
      )
      expect(tally(rs)).toEqual({ 201: 30 })
      const list = await h.send({
        method: 'GET',
        url: `/api/modules/course/${c._id}`,
        token: instructor.token,
      })
      expect(list.body).toHaveLength(31)
      expect(new Set(list.body.map((m: any) => m.position)).size).toBe(31)
    })

    it("a student's first reviews of a course sent at once: one review, counted once; the instructor's replies at once: one kept", async () => {
      const c = await createCourse(h.send, instructor)
      const m = await createModule(h.send, instructor, c._id)
      const s = await register(h.send)
      const asStudent = { token: s.token }
      expect(
        (await h.send({ method: 'POST', url: `/api/courses/${c._id}/enroll`, ...asStudent })).status,
      ).toBe(201)
      expect(
        (
          await h.send({
            method: 'PUT',
            url: `/api/progress/modules/${m._id}/completion`,
            ...asStudent,
            ...json({ completed: true }),
          })
        ).status,
      ).toBe(200)
      const rs = await Promise.all(
        [5, 1, 5, 1, 5, 1, 5, 1, 5, 1].map((rating) =>
          h.send({
            method: 'PUT',
            url: `/api/courses/${c._id}/reviews/mine`,
            ...asStudent,
            ...json({ rating, text: `${rating} stars` }),
          }),
        ),
      )
      figures.push(`${database} first review x10: ${JSON.stringify(tally(rs))}`)
      expect(tally(rs)).toEqual({ 201: 1, 200: 9 })
      expect(new Set(rs.map((r) => r.body._id)).size).toBe(1)
      const rows = await h.query<{ rating: number }>(
        'select rating from course_reviews where course_id = $1',
        [c._id],
      )
      expect(rows).toHaveLength(1)
      // the course counts the one review once, at the rating it was left with
      const got = await h.send({ method: 'GET', url: `/api/courses/${c._id}/reviews` })
      expect(got.body.rating).toMatchObject({ count: 1, average: rows[0].rating })
      expect((await h.send({ method: 'GET', url: `/api/courses/${c._id}` })).body.rating).toEqual({
        average: rows[0].rating,
        count: 1,
      })

      const replies = await Promise.all(
        ['Thanks!', 'Thank you!', 'Glad it helped.'].map((text) =>
          h.send({
            method: 'POST',
            url: `/api/course-reviews/${rs[0].body._id}/reply`,
            token: instructor.token,
            ...json({ text }),
          }),
        ),
      )
      figures.push(`${database} replies x3: ${JSON.stringify(tally(replies))}`)
      expect(tally(replies)).toEqual({ 201: 1, 409: 2 })
      const kept = replies.find((r) => r.status === 201)!.body.reply.text
      const [stored] = await h.query<{ reply_text: string }>(
        'select reply_text from course_reviews where course_id = $1',
        [c._id],
      )
      expect(stored.reply_text).toBe(kept)
    })

    it('the same email registered 20 times at once in any letter case: one account, nineteen 409', async () => {
      const base = uniq('race')
      const rs = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          h.send({
            method: 'POST',
            url: '/api/auth/register',
            ...json({
              username: `${base}${i}`,
              email: `${i % 2 ? base.toUpperCase() : base}@Trust.example`,
              password: 'long enough pw',
            }),
          }),
        ),
      )
      figures.push(`${database} same email x20: ${JSON.stringify(tally(rs))}`)
      expect(tally(rs)).toEqual({ 201: 1, 409: 19 })
      expect(
        await h.query('select id from users where lower(email) = lower($1)', [`${base}@trust.example`]),
      ).toHaveLength(1)
    })
  })
}

afterAll(() => {
  console.log(`races:\n  ${figures.join('\n  ')}`)
})

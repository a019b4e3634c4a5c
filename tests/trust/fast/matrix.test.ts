// Authorization matrix: every operation of the contract x every actor, each cell an expected status, on PGlite and,
// in a PostgreSQL run, on PostgreSQL too (runDatabases in support/harness.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractOperationIds, loadOperations, responseErrors, type Operation } from '../support/contract'
import { isProblem, json } from '../support/http'
import { runDatabases, startApp, type AppHarness } from '../support/harness'
import {
  ACTORS,
  DRAFT_ACTORS,
  DRAFT_MATRIX,
  MATRIX,
  PREVIEW_MATRIX,
  PROFILE_COURSES,
  cellCount,
  type Actor,
  type CoursesSeen,
  type DraftActor,
  type PreviewKind,
} from '../support/matrix'
import { DRAFT_REQUESTS, MATRIX_REQUESTS, PREVIEW_REQUESTS, type CellReq } from '../support/matrixRequests'
import { leaks } from '../support/leaks'
import { decodeJwt } from 'jose'
import {
  account,
  buildDraft,
  buildPreviews,
  buildWorld,
  createCourse,
  enroll,
  expectOk,
  resign,
  type Account,
  type World,
} from '../support/world'

let h: AppHarness
let w: World
let ops: Map<string, Operation>

/** Each actor's answer to the cell's request against `expected`, and the body the contract promises. */
async function cellProblems(
  id: string,
  actors: readonly Actor[],
  expected: Partial<Record<Actor, number>>,
  build: (actor: Actor) => Promise<CellReq>,
): Promise<string[]> {
  const problems: string[] = []
  for (const actor of actors) {
    const { after, ...req } = await build(actor)
    // a builder may bring the actor's own fresh session (cells that end sessions); otherwise the world's
    const res = await h.send({ ...req, token: 'token' in req ? req.token : w.tokens[actor] })
    await after?.(res)
    if (res.status !== expected[actor]) {
      problems.push(`${actor}: expected ${expected[actor]}, got ${res.status} ${res.text.slice(0, 160)}`)
      continue
    }
    if (res.status >= 400) {
      const p = isProblem(res)
      if (p) problems.push(`${actor}: refusal is not problem+json (${p})`)
    } else if (res.status !== 204 && res.contentType.includes('json')) {
      const err = responseErrors(ops.get(id)!, res.status, res.contentType, res.body)
      if (err) problems.push(`${actor}: ${err}`)
    }
  }
  return problems
}

for (const database of runDatabases()) {
  describe(`on ${database}`, () => {
    beforeAll(async () => {
      // the deleteComment row has `student` post one comment per cell (getGame and deleteGame one game): the per-user limits must not interfere
      h = await startApp({
        database,
        env: {
          COMMENT_RATE_LIMIT_MAX: '100000',
          FOLLOW_RATE_LIMIT_MAX: '100000',
          UPLOAD_RATE_LIMIT_MAX: '100000',
          GAME_RATE_LIMIT_MAX: '100000',
        },
      })
      w = await buildWorld(h)
      w.draft = await buildDraft(w)
      w.previews = await buildPreviews(w)
      ops = new Map((await loadOperations()).map((o) => [o.operationId, o]))
    })
    afterAll(async () => {
      await h?.close()
    })

    describe('the matrix table', () => {
      it('lists every operation of the contract, and only those, with a status for every actor', async () => {
        const ids = contractOperationIds()
        expect(ids.length).toBeGreaterThanOrEqual(33)
        expect(Object.keys(MATRIX).sort()).toEqual([...ids].sort())
        expect(Object.keys(MATRIX_REQUESTS).sort()).toEqual([...ids].sort())
        for (const [id, row] of Object.entries(MATRIX)) {
          expect(Object.keys(row), id).toEqual([...ACTORS])
          for (const [actor, status] of Object.entries(row)) {
            expect(Number.isInteger(status), `${id}/${actor}`).toBe(true)
            // every expected status is one the contract declares for that operation
            expect(Object.keys(ops.get(id)!.responses), `${id}/${actor}: ${status}`).toContain(String(status))
          }
        }
        expect(cellCount()).toBe(ids.length * ACTORS.length)
        console.log(
          `authorization matrix: ${ids.length} operations x ${ACTORS.length} actors = ${cellCount()} cells`,
        )
      })

      it('forged tokens are refused for their forgery: the same claims signed properly are accepted', async () => {
        const good = await resign(h.jwtSecret, w.admin.token, {})
        expect((await h.send({ method: 'GET', url: '/api/users', token: good })).status).toBe(200)
        // the tampered token carries the admin's subject and session: with the real secret they are accepted, so
        // its 401 comes from the signature check
        const tampered = decodeJwt(w.tokens.tamperedToken!)
        expect(tampered.sub).toBe(w.admin.id)
        const studentAsAdmin = await resign(h.jwtSecret, w.student.token, {
          sub: tampered.sub,
          sid: tampered.sid,
        })
        expect((await h.send({ method: 'GET', url: '/api/users', token: studentAsAdmin })).status).toBe(200)
        // the expired token names a live session: with a future expiry it is accepted, so its 401 comes from `exp`
        const revived = await resign(h.jwtSecret, w.tokens.expiredToken!, {
          exp: Math.floor(Date.now() / 1000) + 600,
        })
        expect((await h.send({ method: 'GET', url: '/api/users', token: revived })).status).toBe(200)
        // the other forgeries carry the admin's live session too
        for (const t of ['otherSecretToken', 'algNoneToken'] as const)
          expect(decodeJwt(w.tokens[t]!).sid, t).toBe(decodeJwt(w.admin.token).sid)
        // a validly signed token of the admin with a session of another user is refused
        const crossed = await resign(h.jwtSecret, w.admin.token, { sid: decodeJwt(w.student.token).sid })
        expect((await h.send({ method: 'GET', url: '/api/users', token: crossed })).status).toBe(401)
      })
    })

    describe('tokens', () => {
      it('only HS256 is accepted, even with the right secret', async () => {
        const { SignJWT, decodeJwt } = await import('jose')
        const key = new TextEncoder().encode(h.jwtSecret)
        for (const alg of ['HS384', 'HS512']) {
          const t = await new SignJWT(decodeJwt(w.admin.token)).setProtectedHeader({ alg }).sign(key)
          expect((await h.send({ method: 'GET', url: '/api/users', token: t })).status, alg).toBe(401)
        }
      })

      it('a role change takes effect at once for tokens already issued', async () => {
        const a2 = await account(h, 'admin')
        expect((await h.send({ method: 'GET', url: '/api/users', token: a2.token })).status).toBe(200)
        const demote = await h.send({
          method: 'PATCH',
          url: `/api/user/${a2.id}/role`,
          token: w.admin.token,
          ...json({ newRole: 'student' }),
        })
        expect(demote.status).toBe(200)
        expect((await h.send({ method: 'GET', url: '/api/users', token: a2.token })).status).toBe(403)
      })
    })

    describe('every cell', () => {
      for (const id of contractOperationIds()) {
        it(`${id}: each actor gets the expected status, and the body the contract promises`, async () => {
          expect(
            await cellProblems(id, ACTORS, MATRIX[id], (actor) => MATRIX_REQUESTS[id](w, actor)),
          ).toEqual([])
        })
      }
    })

    describe('a free preview module opens to everyone, its video, captions, poster and line; a locked one does not', () => {
      for (const [id, rows] of Object.entries(PREVIEW_MATRIX)) {
        for (const kind of Object.keys(rows) as PreviewKind[]) {
          it(`${id} of the ${kind} module: each actor gets the expected status`, async () => {
            const build = (actor: Actor) => PREVIEW_REQUESTS[id](w, actor as DraftActor, kind)
            expect(await cellProblems(id, DRAFT_ACTORS, rows[kind], build)).toEqual([])
          })
        }
      }
    })

    describe('a course gone back to draft, reached through its id, a module or its video', () => {
      it('the draft table names operations of the contract, a status it declares for every actor', () => {
        expect(Object.keys(DRAFT_REQUESTS).sort()).toEqual(Object.keys(DRAFT_MATRIX).sort())
        for (const [id, row] of Object.entries(DRAFT_MATRIX)) {
          expect(Object.keys(row), id).toEqual([...DRAFT_ACTORS])
          for (const [actor, status] of Object.entries(row))
            expect(Object.keys(ops.get(id)!.responses), `${id}/${actor}: ${status}`).toContain(String(status))
        }
      })

      for (const id of Object.keys(DRAFT_MATRIX)) {
        it(`${id}: those who may not see the draft get 404; its readers what they may`, async () => {
          const build = (actor: Actor) => DRAFT_REQUESTS[id](w, actor as DraftActor)
          expect(await cellProblems(id, DRAFT_ACTORS, DRAFT_MATRIX[id], build)).toEqual([])
        })
      }

      it("the draft's course and module stay out of the progress and review queue of those who may not see it", async () => {
        const ids = [w.draft!.course._id, w.draft!.module._id]
        for (const actor of ['student', 'otherStudent', 'otherInstructor'] as const)
          for (const url of ['/api/progress', '/api/reviews', '/api/reviews/summary']) {
            const res = expectOk(await h.send({ method: 'GET', url, token: w.tokens[actor] }), url)
            expect(
              ids.filter((id) => res.text.includes(id)),
              `${actor} ${url}`,
            ).toEqual([])
          }
      })
    })

    describe("a profile's courses", () => {
      /** The owner's 'Show my courses on my profile', set through the API, their bio and phone number kept. */
      async function showCourses(owner: Account, shown: boolean) {
        const me = expectOk(await h.send({ method: 'GET', url: '/api/profile/me', token: owner.token }), 'me')
        const { bio, phoneNumber } = me.body as { bio: string; phoneNumber: string }
        expectOk(
          await h.send({
            method: 'PUT',
            url: '/api/profile/me',
            token: owner.token,
            ...json({ bio, phoneNumber, showCoursesOnProfile: shown }),
          }),
          'set showCoursesOnProfile',
        )
      }

      /** Each actor's view of `owner`'s profile against `expected`; `courseId` must be in a list, nowhere else. */
      async function problemsReading(owner: Account, courseId: string, expected: Record<Actor, CoursesSeen>) {
        const problems: string[] = []
        for (const actor of ACTORS) {
          const res = await h.send({ method: 'GET', url: `/api/profile/${owner.id}`, token: w.tokens[actor] })
          const body = res.body as { courses?: { _id: string }[] }
          const seen = res.status !== 200 ? res.status : body.courses ? 'list' : 'absent'
          if (seen !== expected[actor]) problems.push(`${actor}: expected ${expected[actor]}, got ${seen}`)
          else if (seen === 'list' && !body.courses!.some((c) => c._id === courseId))
            problems.push(`${actor}: the list misses the course`)
          else if (seen !== 'list' && res.text.includes(courseId))
            problems.push(`${actor}: the course is in the answer`)
          const err =
            res.status === 200 && responseErrors(ops.get('getProfile')!, 200, res.contentType, res.body)
          if (err) problems.push(`${actor}: ${err}`)
        }
        return problems
      }

      it("a student's purchases reach signed-in readers while shown, only the owner and admins while hidden", async () => {
        const bought = await createCourse(h.send, w.courseInstructor)
        await enroll(h.send, w.student, bought._id)
        expect(await problemsReading(w.student, bought._id, PROFILE_COURSES.purchasesShown)).toEqual([])
        await showCourses(w.student, false)
        try {
          expect(await problemsReading(w.student, bought._id, PROFILE_COURSES.purchasesHidden)).toEqual([])
        } finally {
          await showCourses(w.student, true)
        }
      })

      it("an instructor's teaching courses reach everyone, whatever the instructor's setting", async () => {
        await showCourses(w.courseInstructor, false)
        try {
          expect(
            await problemsReading(w.courseInstructor, w.course._id, PROFILE_COURSES.teachingWithSettingOff),
          ).toEqual([])
        } finally {
          await showCourses(w.courseInstructor, true)
        }
      })
    })

    describe('what the matrix responses carried', () => {
      it("no response carried a password, a hash, or somebody else's email", async () => {
        expect(await leaks(h, w)).toEqual([])
      })
    })
  })
}

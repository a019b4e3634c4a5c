// A write load (registrations, enrollments, comments) that remembers every write answered 2xx.
import { randomBytes } from 'node:crypto'
import { json, type Send } from './http'

export interface Acked {
  users: { id: string; username: string; token?: string }[]
  enrollments: { userId: string; courseId: string; token: string }[]
  comments: { id: string; text: string }[]
  attempts: number
  errors: number
}

export const CRASH_PLAYER = 'crash-test-player'

export function writeLoad(send: Send, courseIds: string[], workers = 6) {
  const acked: Acked = { users: [], enrollments: [], comments: [], attempts: 0, errors: 0 }
  let stopped = false
  async function worker(n: number) {
    while (!stopped) {
      try {
        const username = `crash${n}${randomBytes(4).toString('hex')}`
        const password = 'crash test password'
        acked.attempts++
        const reg = await send({
          method: 'POST',
          url: '/api/auth/register',
          ...json({ username, email: `${username}@trust.example`, password }),
        })
        if (reg.status !== 201) continue
        const user: Acked['users'][number] = { id: reg.body._id, username }
        acked.users.push(user)
        acked.attempts++
        const login = await send({
          method: 'POST',
          url: '/api/auth/login',
          ...json({ email: `${username}@trust.example`, password }),
        })
        if (login.status !== 200) continue
        user.token = login.body.token
        const courseId = courseIds[Math.floor(Math.random() * courseIds.length)]
        acked.attempts++
        const e = await send({
          method: 'POST',
          url: `/api/courses/${courseId}/enroll`,
          token: login.body.token,
        })
        if (e.status === 201 || e.status === 200)
          acked.enrollments.push({ userId: user.id, courseId, token: login.body.token })
        for (let k = 0; k < 4 && !stopped; k++) {
          const text = `comment ${k} by ${username}`
          acked.attempts++
          const c = await send({
            method: 'POST',
            url: '/api/comment-player',
            token: login.body.token,
            ...json({ chessPlayerUsername: CRASH_PLAYER, comment: text }),
          })
          if (c.status === 201) acked.comments.push({ id: c.body._id, text })
        }
      } catch {
        acked.errors++
        // the server is gone (or going): this worker's next attempt will tell
        await new Promise((r) => setTimeout(r, 20))
      }
    }
  }
  const running = Promise.all(Array.from({ length: workers }, (_, i) => worker(i)))
  return {
    acked,
    stop: async () => {
      stopped = true
      await running
    },
  }
}

/** Looks for every acknowledged write on a (restarted) server; returns what is missing. */
export async function missingWrites(send: Send, acked: Acked) {
  const missing: string[] = []
  for (const u of acked.users) {
    const r = await send({ method: 'GET', url: `/api/profile/${u.id}` })
    if (r.status !== 200 || r.body.username !== u.username) missing.push(`user ${u.username}: ${r.status}`)
  }
  for (const e of acked.enrollments) {
    const r = await send({ method: 'GET', url: `/api/courses/user/${e.userId}/enrolled`, token: e.token })
    if (r.status !== 200 || !r.body.some((c: any) => c._id === e.courseId))
      missing.push(`enrollment ${e.userId} in ${e.courseId}: ${r.status}`)
  }
  // comments come a page at a time (newest first): read them all
  const ids = new Set<string>()
  for (let before = ''; ;) {
    const list = await send({ method: 'GET', url: `/api/comments/${CRASH_PLAYER}?limit=100${before}` })
    const page: any[] = list.body ?? []
    for (const c of page) ids.add(c._id)
    if (page.length < 100) break
    before = `&before=${encodeURIComponent(`${page.at(-1).createdAt}_${page.at(-1)._id}`)}`
  }
  for (const c of acked.comments) if (!ids.has(c.id)) missing.push(`comment "${c.text}"`)
  return missing
}

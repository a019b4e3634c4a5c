// Authorization matrix: every operation of the contract x every actor, each cell an expected status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractOperationIds, loadOperations, responseErrors, type Operation } from '../support/contract'
import { isProblem, json } from '../support/http'
import { startApp, type AppHarness } from '../support/harness'
import { ACTORS, MATRIX, cellCount } from '../support/matrix'
import { MATRIX_REQUESTS } from '../support/matrixRequests'
import { leaks } from '../support/leaks'
import { account, buildWorld, resign, type World } from '../support/world'

let h: AppHarness
let w: World
let ops: Map<string, Operation>

beforeAll(async () => {
  h = await startApp()
  w = await buildWorld(h)
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
    console.log(`authorization matrix: ${ids.length} operations x ${ACTORS.length} actors = ${cellCount()} cells`)
  })

  it('forged tokens are refused for their forgery: the same claims signed properly are accepted', async () => {
    const good = await resign(h.jwtSecret, w.admin.token, {})
    expect((await h.send({ method: 'GET', url: '/api/users', token: good })).status).toBe(200)
    const studentAsAdmin = await resign(h.jwtSecret, w.student.token, { sub: w.admin.id })
    // with the real secret the subject decides, so the tampered token's 401 comes from the signature check
    expect((await h.send({ method: 'GET', url: '/api/users', token: studentAsAdmin })).status).toBe(200)
  })
})

describe('tokens', () => {
  it('only HS256 is accepted, even with the right secret', async () => {
    const { SignJWT, decodeJwt } = await import('jose')
    const key = new TextEncoder().encode(h.jwtSecret)
    for (const alg of ['HS384', 'HS512']) {
      const t = await new SignJWT(decodeJwt(w.admin.token) as Record<string, unknown>).setProtectedHeader({ alg }).sign(key)
      expect((await h.send({ method: 'GET', url: '/api/users', token: t })).status, alg).toBe(401)
    }
  })

  it('a role change takes effect at once for tokens already issued', async () => {
    const a2 = await account(h, 'admin')
    expect((await h.send({ method: 'GET', url: '/api/users', token: a2.token })).status).toBe(200)
    const demote = await h.send({ method: 'PATCH', url: `/api/user/${a2.id}/role`, token: w.admin.token, ...json({ newRole: 'student' }) })
    expect(demote.status).toBe(200)
    expect((await h.send({ method: 'GET', url: '/api/users', token: a2.token })).status).toBe(403)
  })
})

describe('every cell', () => {
  for (const id of contractOperationIds()) {
    it(`${id}: each actor gets the expected status, and the body the contract promises`, async () => {
      const problems: string[] = []
      for (const actor of ACTORS) {
        const req = await MATRIX_REQUESTS[id](w, actor)
        const res = await h.send({ ...req, token: w.tokens[actor] })
        const expected = MATRIX[id][actor]
        if (res.status !== expected) {
          problems.push(`${actor}: expected ${expected}, got ${res.status} ${res.text.slice(0, 160)}`)
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
      expect(problems).toEqual([])
    })
  }
})

describe('what the matrix responses carried', () => {
  it('no response carried a password, a hash, or somebody else\'s email', async () => {
    expect(await leaks(h, w)).toEqual([])
  })
})

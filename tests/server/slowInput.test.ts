// Slow input through the API: a module's line of 64 KB made to make the PGN reader's patterns backtrack (a run of
// one character and a last one that fails the match) is refused with a 400 problem+json within 200 ms, and
// nothing is stored. Before, 60,000 '!' and an 'x' held the event loop, and so every other request, for 7.6 s.
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { expandIPv6 } from '../../server/services/accounts/signInThrottle'
import { fastifyPath } from '../../server/openapi'
import { expectContract, expectProblem } from '../helpers/contract'
import { useTestServer } from '../helpers/buildServer'

const server = useTestServer()
const inject = (opts: InjectOptions) => server.current.app.inject(opts)

/** The milliseconds a request takes, and its answer: the faster of two tries (a loaded machine's pause aside). */
async function timed(opts: InjectOptions) {
  let best = Infinity
  let res: Awaited<ReturnType<typeof inject>> | undefined
  for (let i = 0; i < 2; i++) {
    const started = performance.now()
    res = await inject(opts)
    best = Math.min(best, performance.now() - started)
  }
  return { ms: best, res: res! }
}

const LINES = [
  ["60,000 '!' and an 'x'", `${'!'.repeat(60_000)}x`, "The PGN could not be read at '!!!!!!!!!!!!!!!!!!!!'"],
  ["a move, then 64 KB of '?' and an 'x'", `1. e4${'?'.repeat(65_000)}x`, "at 'e4??????????????????'"],
  [
    "'!?' repeated after a move, then '-'",
    `1. e4 e5 2. Nf3${'!?'.repeat(32_000)}-`,
    "at 'Nf3!?!?!?!?!?!?!?!?!'",
  ],
] as const

describe('a module line made to backtrack', () => {
  it.each(LINES)(
    '%s: 400 problem+json within 200 ms, on add and on update, nothing stored',
    async (_what, pgn, at) => {
      const owner = await server.current.createUser('instructor')
      const courseId = await server.current.createCourse(owner)
      const headers = { authorization: `Bearer ${owner.token}` }
      const module = {
        title: 'The Italian Game',
        description: 'Open games.',
        videoUrl: 'https://vimeo.com/1',
        courseId,
      }
      const added = await timed({
        method: 'POST',
        url: '/api/modules',
        headers,
        payload: { ...module, line: { pgn, side: 'white' } },
      })
      expect(expectProblem('createModule', added.res, 400).detail).toContain(at)
      expect(added.ms).toBeLessThan(200)

      const made = expectContract(
        'createModule',
        await inject({ method: 'POST', url: '/api/modules', headers, payload: module }),
      ) as { _id: string }
      const updated = await timed({
        method: 'PATCH',
        url: `/api/modules/${made._id}`,
        headers,
        payload: { line: { pgn, side: 'black' } },
      })
      expect(expectProblem('updateModule', updated.res, 400).detail).toContain(at)
      expect(updated.ms).toBeLessThan(200)

      const list = await inject({ method: 'GET', url: `/api/modules/course/${courseId}`, headers })
      expect(expectContract('getModulesByCourse', list)).toEqual([expect.objectContaining({ line: null })])
    },
  )
})

describe('the helpers that read addresses and paths', () => {
  it('read 64 KB made to backtrack within 50 ms', () => {
    for (const [f, text] of [
      [expandIPv6, `${'1'.repeat(65_535)}x`],
      [fastifyPath, `${'{'.repeat(65_535)}x`],
    ] as const) {
      const started = performance.now()
      f(text)
      expect(performance.now() - started).toBeLessThan(50)
    }
    expect(fastifyPath('/api/courses/{courseId}/enroll')).toBe('/api/courses/:courseId/enroll')
    expect(expandIPv6('::ffff:10.1.2.3')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0a01, 0x0203])
  })
})

// The contract types the server's route handlers. The type check (`tsc -p tsconfig.json`, part of `npm test`)
// reads this file: every `@ts-expect-error` below marks a handler that disagrees with openapi/openapi.yaml,
// so if the handlers' typing were lost (say `req.body` went back to `unknown` or `any`), the directive would
// be unused and the type check would fail. The tests run the same typed route through Fastify.
import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest'
import { loadContract } from '../../../server/openapi'
import { defineRoute, type ReplyOf, type RouteTypes } from '../../../server/routes/define'
import type { Schema } from '../../../server/services/types'

async function bareApp(): Promise<FastifyInstance> {
  const app = Fastify()
  app.decorate('contract', await loadContract())
  app.decorate('routedOperations', new Set<string>())
  return app
}

/** Handlers that disagree with the contract; registered on a throwaway app only to be type checked. */
function handlersThatDisagree(app: FastifyInstance) {
  // A body field the contract does not have.
  defineRoute(app, 'commentPlayer', {}, async (req, reply) => {
    // @ts-expect-error CommentInput has `comment`, not `text`
    const text: string = req.body.text
    return reply
      .code(201)
      .send({ _id: text, user: { _id: text, username: text }, comment: text, createdAt: '' })
  })

  // A string where the contract says number.
  // @ts-expect-error Rank.rank is a number
  defineRoute(app, 'getUserRank', {}, async (req) => ({ rank: req.params.userId }))

  // A status the operation does not list (createCourse answers 201).
  defineRoute(app, 'createCourse', {}, async (req, reply) =>
    // @ts-expect-error 200 is not a success status of createCourse
    reply.code(200).send({ ...req.body, _id: '', name: '', instructor: null, createdAt: '' }),
  )

  // A reply body missing required fields.
  defineRoute(app, 'createCourse', {}, async (req, reply) =>
    // @ts-expect-error a Course has _id, name, instructor and createdAt too
    reply.code(201).send(req.body),
  )

  // A path parameter the operation does not have.
  defineRoute(app, 'getCourses', {}, async (req) => {
    // @ts-expect-error getCourses has no path parameters
    void req.params.courseId
    return []
  })

  // Query parameters are typed as the contract types them (limit is an integer).
  defineRoute(app, 'getPlayerComments', {}, async (req) => {
    // @ts-expect-error limit is a number
    const limit: string | undefined = req.query.limit
    void limit
    return []
  })

  // A body where the operation takes none.
  defineRoute(app, 'deleteComment', {}, async (req, reply) => {
    // @ts-expect-error deleteComment has no body
    void req.body.commentId
    return reply.code(204).send()
  })

  // An operation the contract does not have.
  // @ts-expect-error not an operationId of the contract
  defineRoute(app, 'getCoursez', {}, async () => [])
}
void handlersThatDisagree

describe('route handlers typed by the contract', () => {
  it('reads request parts and answers with the types the contract gives them', () => {
    expectTypeOf<RouteTypes<'createCourse'>['Body']>().toEqualTypeOf<Schema<'CourseInput'>>()
    expectTypeOf<RouteTypes<'updateCourse'>['Body']>().toEqualTypeOf<Schema<'CoursePatch'>>()
    expectTypeOf<RouteTypes<'updateCourse'>['Params']>().toEqualTypeOf<{ courseId: string }>()
    expectTypeOf<RouteTypes<'getPlayerComments'>['Querystring']>().toEqualTypeOf<{
      limit?: number
      before?: string
    }>()
    expectTypeOf<RouteTypes<'checkout'>['Headers']>().toEqualTypeOf<{ 'idempotency-key'?: string }>()
    expectTypeOf<ReplyOf<'enrollInCourse'>>().toEqualTypeOf<{
      200: Schema<'Enrollment'>
      201: Schema<'Enrollment'>
      202: Schema<'CheckoutRedirect'>
    }>()
    expectTypeOf<ReplyOf<'deleteModule'>>().toEqualTypeOf<{ 204: undefined }>()
  })

  let app: FastifyInstance | undefined
  afterEach(() => app?.close())

  it('registers a typed handler at the contract path and serves its answer', async () => {
    app = await bareApp()
    defineRoute(app, 'getUserRank', {}, async (req) => ({ rank: req.params.userId.length }))
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/rank/00000000-0000-4000-8000-000000000000',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ rank: 36 })
    expect(app.routedOperations.has('getUserRank')).toBe(true)
  })

  it('refuses an operation the contract does not have', async () => {
    app = await bareApp()
    // @ts-expect-error not an operationId of the contract
    expect(() => defineRoute(app!, 'getCoursez', {}, async () => [])).toThrow(
      'operation getCoursez is not in the contract',
    )
  })
})

import type { Readable } from 'node:stream'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify'
import type { Config } from '../config'
import type { operations } from '../generated/contract'
import { type Contract, fastifyPath, routeSchemaFrom } from '../openapi'

/** The operationIds of the contract (openapi/openapi.yaml), as generated into server/generated/contract.ts. */
export type OperationId = keyof operations

type ParametersOf<K extends OperationId> = operations[K]['parameters']

/** One part of a request, or `{}` when the contract has none (reading any field of it is a type error). */
type Part<T> = [Exclude<T, undefined>] extends [never] ? Record<never, never> : Exclude<T, undefined>

/** Node reads header names in lower case; the contract writes them as HTTP does (`Idempotency-Key`). */
type LowerKeys<T> = { [P in keyof T as Lowercase<P & string>]: T[P] }

/** The JSON body of a request or a response; `Readable` for media; `undefined` when there is none. */
type Payload<T> = [T] extends [{ content: infer C }]
  ? C extends { 'application/json': infer J }
    ? J
    : Readable
  : undefined

type RequestBody<B> = [Exclude<B, undefined>] extends [never]
  ? undefined
  : undefined extends B
    ? Payload<Exclude<B, undefined>> | undefined
    : Payload<B>

type Responses<K extends OperationId> = operations[K]['responses']
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 202 | 204 | 206>

/** The success answers of an operation, by status (problem answers go through the error handler). */
export type ReplyOf<K extends OperationId> = { [S in SuccessStatus<K>]: Payload<Responses<K>[S]> }

/** Request and reply types of an operation, in Fastify's route generic form. */
export interface RouteTypes<K extends OperationId> {
  Params: Part<ParametersOf<K>['path']>
  Querystring: Part<ParametersOf<K>['query']>
  Headers: LowerKeys<Part<ParametersOf<K>['header']>>
  Body: RequestBody<operations[K]['requestBody']>
  Reply: ReplyOf<K>
}

/**
 * A route handler typed by its operation: `req.params`, `req.query`, `req.headers` and `req.body` are the
 * contract's, `reply.code(n).send(x)` takes only a status the contract lists with its body, and a returned
 * value must be one of the operation's success bodies (or the reply itself, once sent).
 */
export type ContractHandler<K extends OperationId> = (
  req: FastifyRequest<RouteTypes<K>>,
  reply: FastifyReply<RouteTypes<K>>,
) => Promise<ReplyOf<K>[SuccessStatus<K>] | FastifyReply>

declare module 'fastify' {
  interface FastifyInstance {
    contract: Contract
    /** operationIds that have a route; checked against the contract when the app is ready. */
    routedOperations: Set<string>
  }
}

/**
 * Registers routes only a signed-in caller may use, in an encapsulated context of their own (a Fastify plugin) whose
 * one preHandler hook is `app.authenticate`: a request without a valid token of a live session is answered 401
 * problem+json. The hook runs where a route's own preHandler did, after validation, and before the routes' own
 * preHandlers, so a per-user limit (server/plugins/userRateLimit.ts) never counts an anonymous request. Routes for
 * some roles only use `app.requireRole`, which authenticates itself; routes where a token is optional use
 * `app.authenticateOptional`; public routes neither.
 */
export function signedIn(app: FastifyInstance, routes: (group: FastifyInstance) => void): void {
  void app.register(async (group) => {
    group.addHook('preHandler', group.authenticate)
    routes(group)
  })
}

/**
 * Registers the route of one contract operation: method, path and schemas all come from
 * openapi.yaml, so the route cannot drift from the contract, and the handler's types come from the same
 * document, so a handler that disagrees with it fails the type check.
 */
export function defineRoute<K extends OperationId>(
  app: FastifyInstance,
  operationId: K,
  options: Omit<RouteShorthandOptions, 'schema'>,
  handler: ContractHandler<NoInfer<K>>,
): void {
  const op = app.contract.operations.get(operationId)
  if (!op) throw new Error(`operation ${operationId} is not in the contract`)
  app.routedOperations.add(operationId)
  app.route({
    ...options,
    method: op.method,
    url: fastifyPath(op.path),
    schema: routeSchemaFrom(app.contract, operationId),
    // The request and reply Fastify hands over are the ones the route schema above validated.
    handler: handler as unknown as RouteHandlerMethod,
  })
}

/**
 * Now, for schedules; in a test server (TEST_CLOCK=1) the time a request names in X-Test-Now, so tests move the
 * clock.
 */
export function clockOf(config: Config): (req: FastifyRequest) => Date {
  return (req) => {
    const named = config.testClock ? req.headers['x-test-now'] : undefined
    const at = typeof named === 'string' ? new Date(named) : undefined
    return at && !Number.isNaN(at.getTime()) ? at : new Date()
  }
}

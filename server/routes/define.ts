import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import { type Contract, fastifyPath, routeSchemaFrom } from '../openapi'

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>

declare module 'fastify' {
  interface FastifyInstance {
    contract: Contract
    /** operationIds that have a route; checked against the contract when the app is ready. */
    routedOperations: Set<string>
  }
}

/**
 * Registers the route of one contract operation: method, path and schemas all come from
 * openapi.yaml, so the route cannot drift from the contract.
 */
export function defineRoute(
  app: FastifyInstance,
  operationId: string,
  options: Omit<RouteShorthandOptions, 'schema'>,
  handler: Handler,
): void {
  const op = app.contract.operations.get(operationId)
  if (!op) throw new Error(`operation ${operationId} is not in the contract`)
  app.routedOperations.add(operationId)
  app.route({
    ...options,
    method: op.method as 'GET',
    url: fastifyPath(op.path),
    schema: routeSchemaFrom(app.contract, operationId),
    handler,
  })
}

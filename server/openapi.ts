import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dereference } from '@apidevtools/json-schema-ref-parser'
import { parse } from 'yaml'

/** The contract, openapi/openapi.yaml: the only place where request and response shapes are written. */
export const contractPath = fileURLToPath(new URL('../openapi/openapi.yaml', import.meta.url))

type JsonSchema = Record<string, unknown>
interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema: JsonSchema
}
interface MediaType {
  schema?: JsonSchema
}
export interface Operation {
  operationId: string
  method: string
  path: string
  parameters: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, MediaType> }
  responses: Record<string, { content?: Record<string, MediaType>; headers?: Record<string, unknown> }>
}

export interface Contract {
  document: JsonSchema
  operations: Map<string, Operation>
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete']

let cached: Promise<Contract> | undefined

/** The dereferenced contract, loaded once per process. */
export function loadContract(): Promise<Contract> {
  cached ??= (async () => {
    const raw = parse(readFileSync(contractPath, 'utf8')) as JsonSchema
    const document = (await dereference(raw)) as JsonSchema
    const operations = new Map<string, Operation>()
    const paths = document.paths as Record<string, Record<string, unknown>>
    for (const [path, item] of Object.entries(paths)) {
      const shared = (item.parameters as Parameter[] | undefined) ?? []
      for (const method of METHODS) {
        const op = item[method] as (Omit<Operation, 'method' | 'path'> & { parameters?: Parameter[] }) | undefined
        if (!op) continue
        operations.set(op.operationId, {
          ...op,
          method: method.toUpperCase(),
          path,
          parameters: [...shared, ...(op.parameters ?? [])],
        })
      }
    }
    return { document, operations }
  })()
  return cached
}

/** Drops annotation keywords Fastify's validator and serializer need not see. */
function clean(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema, (key, value) => (key === 'example' || key === 'examples' ? undefined : value)))
}

function objectOf(params: Parameter[]): JsonSchema | undefined {
  if (params.length === 0) return undefined
  return {
    type: 'object',
    required: params.filter((p) => p.required).map((p) => p.name),
    properties: Object.fromEntries(params.map((p) => [p.name, clean(p.schema)])),
  }
}

export interface RouteSchema {
  params?: JsonSchema
  querystring?: JsonSchema
  body?: JsonSchema
  response?: Record<string, JsonSchema>
}

/** Fastify schemas for one operation, so requests are validated and replies serialized by the contract. */
export function routeSchemaFrom(contract: Contract, operationId: string): RouteSchema {
  const op = contract.operations.get(operationId)
  if (!op) throw new Error(`operation ${operationId} is not in the contract`)
  const schema: RouteSchema = {}
  const params = objectOf(op.parameters.filter((p) => p.in === 'path'))
  if (params) schema.params = params
  const query = objectOf(op.parameters.filter((p) => p.in === 'query'))
  if (query) schema.querystring = query
  const json = op.requestBody?.content['application/json']?.schema
  if (json) schema.body = clean(json)
  const response: Record<string, JsonSchema> = {}
  for (const [status, res] of Object.entries(op.responses)) {
    const body = res.content?.['application/json']?.schema
    if (status.startsWith('2') && body) response[status] = clean(body)
  }
  if (Object.keys(response).length) schema.response = response
  return schema
}

/** Fastify route path (`/api/courses/:courseId`) for a contract path (`/api/courses/{courseId}`). */
export function fastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1')
}

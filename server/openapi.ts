import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifySchema, FastifySchemaCompiler } from 'fastify'

/** The contract, openapi/openapi.yaml: the only place where request and response shapes are written. */
const contractPath = fileURLToPath(new URL('../openapi/openapi.yaml', import.meta.url))

/**
 * The compiled server (scripts/build-server.mjs) carries the contract as JSON text, read and dereferenced at build
 * time: reading the YAML was about a quarter of a second of each start, dereferencing it ~80 ms more. From source
 * (tests, `npm run dev`) the YAML is read and dereferenced here.
 */
declare const __CONTRACT_JSON__: string | undefined

async function dereferencedContract(): Promise<JsonSchema> {
  if (typeof __CONTRACT_JSON__ === 'string') return JSON.parse(__CONTRACT_JSON__) as JsonSchema
  const [{ parse }, { dereference }] = await Promise.all([
    import('yaml'),
    import('@apidevtools/json-schema-ref-parser'),
  ])
  return dereference<JsonSchema>(parse(readFileSync(contractPath, 'utf8')) as JsonSchema)
}

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
    const document = await dereferencedContract()
    const operations = new Map<string, Operation>()
    const paths = document.paths as Record<string, Record<string, unknown>>
    for (const [path, item] of Object.entries(paths)) {
      const shared = (item.parameters as Parameter[] | undefined) ?? []
      for (const method of METHODS) {
        const op = item[method] as
          (Omit<Operation, 'method' | 'path'> & { parameters?: Parameter[] }) | undefined
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
  const text = JSON.stringify(schema, (key, value: unknown) =>
    key === 'example' || key === 'examples' ? undefined : value,
  )
  return JSON.parse(text) as JsonSchema
}

function objectOf(params: Parameter[]): JsonSchema | undefined {
  if (params.length === 0) return undefined
  return {
    type: 'object',
    required: params.filter((p) => p.required).map((p) => p.name),
    properties: Object.fromEntries(params.map((p) => [p.name, clean(p.schema)])),
  }
}

interface RouteSchema {
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
  return path.replace(/\{([^{}]+)\}/g, ':$1')
}

function contractAjv(coerceTypes: boolean): Ajv {
  // As the app's own validator: extra fields and wrong types are client errors, nothing is filled in.
  const ajv = new Ajv({
    removeAdditional: false,
    coerceTypes,
    useDefaults: false,
    allErrors: false,
    strict: false,
    // The contract's schemas are checked by `npm run lint:openapi`: checking each against the JSON Schema
    // meta-schema again at start-up cost a meta-schema compile (~80 ms of a cold start).
    validateSchema: false,
  })
  addFormats(ajv)
  return ajv
}

let compilers: { strict: Ajv; query: Ajv } | undefined
const contractCompilers = () => (compilers ??= { strict: contractAjv(false), query: contractAjv(true) })

/**
 * A validator compiled on its first call instead of when it is made: the routes' validators are made before the
 * server listens, and compiling them then (and making their Ajv instances) lengthened every start. Like Ajv's own
 * function, it says why a call failed in `errors` (which Fastify reads from the function it was given).
 */
export function compiledOnFirstUse<T = unknown>(compile: () => ValidateFunction<T>): ValidateFunction<T> {
  let compiled: ValidateFunction<T> | undefined
  const validate = ((data: unknown) => {
    compiled ??= compile()
    const valid = compiled(data)
    validate.errors = compiled.errors
    return valid
  }) as ValidateFunction<T>
  validate.errors = null
  return validate
}

/** A validator for a schema taken from the contract, as strict as the routes' (for what Fastify does not validate). */
export function contractValidator<T>(schema: JsonSchema): ValidateFunction<T> {
  return compiledOnFirstUse(() => contractCompilers().strict.compile<T>(schema))
}

/**
 * A route validator compiler for operations with query parameters: a query string is text, so its
 * `limit=20` is read as the integer the contract types it (and `limit=abc` or `limit=2.5` is still a 400);
 * path parameters, headers and bodies stay strict (a JSON body's "20" is not a number).
 * Use it as a route's `validatorCompiler`.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) =>
  compiledOnFirstUse(() => {
    const { query, strict } = contractCompilers()
    return (httpPart === 'querystring' ? query : strict).compile(schema as JsonSchema)
  })

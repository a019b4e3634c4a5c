// The contract, loaded once: every operation with its method, path and dereferenced schemas.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import $RefParser from '@apidevtools/json-schema-ref-parser'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'

export type Schema = Record<string, unknown> & {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  enum?: unknown[]
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minProperties?: number
  additionalProperties?: boolean | Schema
  anyOf?: Schema[]
}

export interface Operation {
  operationId: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  /** A token is required (`security` lists no empty alternative such as getProfile's optional token). */
  secured: boolean
  pathParams: Record<string, Schema>
  queryParams: Record<string, { required: boolean; schema: Schema }>
  bodyContentType?: string
  bodySchema?: Schema
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>
}

/** The parts of the YAML this file reads (after dereferencing, no `$ref` is left in them). */
interface RawParameter {
  name: string
  in: string
  required?: boolean
  schema: Schema
}
interface RawOperation {
  operationId: string
  security?: unknown[]
  parameters?: RawParameter[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  responses: Operation['responses']
}
type RawPathItem = Partial<Record<(typeof METHODS)[number], RawOperation>> & { parameters?: RawParameter[] }
interface RawDoc {
  paths: Record<string, RawPathItem>
}
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

const specPath = fileURLToPath(new URL('../../../openapi/openapi.yaml', import.meta.url))

export const rawSpec = parse(readFileSync(specPath, 'utf8')) as RawDoc

let cached: Promise<Operation[]> | undefined

/** Every operation of openapi/openapi.yaml, schemas dereferenced. */
export function loadOperations(): Promise<Operation[]> {
  cached ??= (async () => {
    const doc = await $RefParser.dereference<RawDoc>(structuredClone(rawSpec) as object)
    const ops: Operation[] = []
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const op = item[method]
        if (!op) continue
        const params = [...(item.parameters ?? []), ...(op.parameters ?? [])]
        const pathParams: Operation['pathParams'] = {}
        const queryParams: Operation['queryParams'] = {}
        for (const p of params) {
          if (p.in === 'path') pathParams[p.name] = p.schema
          if (p.in === 'query') queryParams[p.name] = { required: !!p.required, schema: p.schema }
        }
        const content = op.requestBody?.content ?? {}
        const bodyContentType = Object.keys(content)[0]
        ops.push({
          operationId: op.operationId,
          method: method.toUpperCase() as Operation['method'],
          path,
          secured:
            Array.isArray(op.security) &&
            op.security.length > 0 &&
            op.security.every((alt) => Object.keys(alt as object).length > 0),
          pathParams,
          queryParams,
          bodyContentType,
          bodySchema: bodyContentType ? content[bodyContentType].schema : undefined,
          responses: op.responses,
        })
      }
    }
    return ops
  })()
  return cached
}

/** Operation ids straight from the YAML, so a new operation cannot hide from the matrix. */
export function contractOperationIds(): string[] {
  const ids: string[] = []
  for (const item of Object.values(rawSpec.paths))
    for (const method of METHODS) {
      const id = item[method]?.operationId
      if (id) ids.push(id)
    }
  return ids
}

const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)
const validators = new Map<Schema, ReturnType<typeof ajv.compile>>()

function validatorFor(schema: Schema) {
  let validate = validators.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    validators.set(schema, validate)
  }
  return validate
}

/** The documented media type a response's Content-Type falls under (`video/*` covers `video/webm`). */
function mediaKey(content: Record<string, unknown>, contentType: string): string | undefined {
  const ct = contentType.split(';')[0].trim().toLowerCase()
  return Object.keys(content).find((m) => m === ct || (m.endsWith('/*') && ct.startsWith(m.slice(0, -1))))
}

/**
 * Everything about a response the contract does not describe for that operation, or null: the status must be
 * listed for the operation, the content type must be one it documents for that status (no body where it documents
 * none), and a JSON body (problem+json included) must be valid against the schema documented for that status.
 */
export function responseErrors(
  op: Operation,
  status: number,
  contentType: string,
  body: unknown,
  text?: string,
): string | null {
  const res = op.responses[String(status)]
  if (!res)
    return `status ${status} is not in the contract for ${op.operationId} (lists ${Object.keys(op.responses).join(', ')})`
  if (!res.content) {
    if (text !== undefined && text !== '')
      return `${op.operationId} ${status}: documented without a body, got ${contentType || 'a body'}`
    return null
  }
  const key = mediaKey(res.content, contentType)
  if (!key)
    return `${op.operationId} ${status}: content-type ${contentType || '(none)'} not in ${Object.keys(res.content).join(', ')}`
  const schema = res.content[key].schema
  if (!schema || !key.includes('json')) return null
  if (body === undefined) return `${op.operationId} ${status}: ${key} body is not JSON`
  const validate = validatorFor(schema)
  return validate(body) ? null : `${op.operationId} ${status}: ${ajv.errorsText(validate.errors)}`
}

/**
 * The operation a request names (method and path, query ignored), or undefined for a path outside the contract.
 * A literal segment wins over a parameter (`/api/profile/me` is getMyProfile, not getProfile).
 */
export function operationOf(ops: Operation[], method: string, url: string): Operation | undefined {
  // dot segments resolved (`/api/comments/..` is `/api/`), as a client and the server's URL parsing do
  const segments = new URL(url, 'http://contract.invalid').pathname.split('/')
  let best: { op: Operation; params: number } | undefined
  for (const op of ops) {
    if (op.method !== method.toUpperCase()) continue
    const template = op.path.split('/')
    if (template.length !== segments.length) continue
    let params = 0
    const matches = template.every((t, i) => {
      if (/^\{\w+\}$/.test(t)) return ++params > 0
      return t === segments[i]
    })
    if (matches && (!best || params < best.params)) best = { op, params }
  }
  return best?.op
}

/** Every logged exchange whose answer the contract does not describe for the operation it named. */
export function undocumentedAnswers(
  ops: Operation[],
  log: {
    req: { method: string; url: string }
    res: { status: number; contentType: string; body: unknown; text: string }
  }[],
): string[] {
  const found: string[] = []
  for (const { req, res } of log) {
    const op = operationOf(ops, req.method, req.url)
    if (!op) continue
    const err = responseErrors(op, res.status, res.contentType, res.body, res.text)
    if (err) found.push(`${req.method} ${req.url.slice(0, 120)} -> ${err} ${res.text.slice(0, 160)}`)
  }
  return found
}

/** Fills a contract path template with concrete values. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for path parameter ${name} of ${path}`)
    return params[name]
  })
}

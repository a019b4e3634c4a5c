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
  minProperties?: number
  additionalProperties?: boolean | Schema
}

export interface Operation {
  operationId: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  secured: boolean
  pathParams: Record<string, Schema>
  queryParams: Record<string, { required: boolean; schema: Schema }>
  bodyContentType?: string
  bodySchema?: Schema
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>
}

const specPath = fileURLToPath(new URL('../../../openapi/openapi.yaml', import.meta.url))

export const rawSpec = parse(readFileSync(specPath, 'utf8')) as Record<string, any>

let cached: Promise<Operation[]> | undefined

/** Every operation of openapi/openapi.yaml, schemas dereferenced. */
export function loadOperations(): Promise<Operation[]> {
  cached ??= (async () => {
    const doc = (await $RefParser.dereference(structuredClone(rawSpec))) as Record<string, any>
    const ops: Operation[] = []
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
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
          secured: Array.isArray(op.security) && op.security.length > 0,
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
  for (const item of Object.values<any>(rawSpec.paths))
    for (const method of ['get', 'post', 'put', 'patch', 'delete'])
      if (item[method]?.operationId) ids.push(item[method].operationId)
  return ids
}

const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv)
const validators = new Map<Schema, ReturnType<typeof ajv.compile>>()

/** Checks a JSON body against the contract's response schema for that operation and status. */
export function responseErrors(op: Operation, status: number, contentType: string, body: unknown): string | null {
  const res = op.responses[String(status)]
  if (!res) return `status ${status} is not in the contract for ${op.operationId}`
  if (!res.content) return null
  const media = Object.keys(res.content)
  const ct = contentType.split(';')[0].trim()
  const key = media.find((m) => m === ct || (m.endsWith('/*') && ct.startsWith(m.slice(0, -1))))
  if (!key) return `${op.operationId} ${status}: content-type ${ct} not in ${media.join(', ')}`
  const schema = res.content[key].schema
  if (!schema || !key.includes('json')) return null
  let validate = validators.get(schema)
  if (!validate) {
    validate = ajv.compile(schema)
    validators.set(schema, validate)
  }
  return validate(body) ? null : `${op.operationId} ${status}: ${ajv.errorsText(validate.errors)}`
}

/** Fills a contract path template with concrete values. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for path parameter ${name} of ${path}`)
    return params[name]
  })
}

// Checks replies of the msw fake against openapi/openapi.yaml (jsdom cannot load the server's loader).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { dereference } from '@apidevtools/json-schema-ref-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'

type Media = { schema?: Record<string, unknown> }
type Operation = { operationId: string; responses: Record<string, { content?: Record<string, Media> }> }

const METHODS = ['get', 'put', 'post', 'patch', 'delete']

export async function loadOperations(): Promise<Map<string, Operation>> {
  const raw = parse(readFileSync(resolve(process.cwd(), 'openapi/openapi.yaml'), 'utf8')) as Record<
    string,
    unknown
  >
  const doc = (await dereference(raw as never)) as unknown as {
    paths: Record<string, Record<string, Operation>>
  }
  const ops = new Map<string, Operation>()
  for (const item of Object.values(doc.paths))
    for (const [method, op] of Object.entries(item)) if (METHODS.includes(method)) ops.set(op.operationId, op)
  return ops
}

const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats.default(ajv)

/** null when the reply matches the operation's declared status, content type and schema; else why not. */
export function contractMismatch(
  op: Operation,
  status: number,
  contentType: string,
  body: string,
): string | null {
  const declared = op.responses[String(status)]
  if (!declared) return `${op.operationId}: status ${status} not declared`
  if (!declared.content) return body === '' ? null : `${op.operationId} ${status}: body must be empty`
  const [mediaType, media] = Object.entries(declared.content)[0]
  if (mediaType.includes('*'))
    return contentType.startsWith(mediaType.split('/')[0]) ? null : `content type ${contentType}`
  if (contentType.split(';')[0] !== mediaType)
    return `${op.operationId} ${status}: content type ${contentType}, want ${mediaType}`
  const validate = ajv.compile(media.schema ?? {})
  return validate(JSON.parse(body))
    ? null
    : `${op.operationId} ${status}: ${ajv.errorsText(validate.errors)} in ${body.slice(0, 300)}`
}

import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { LightMyRequestResponse as Response } from 'fastify'
import { expect } from 'vitest'
import { loadContract } from '../../server/openapi'

const contract = await loadContract()
const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats.default(ajv)
const cache = new Map<string, ReturnType<typeof ajv.compile>>()

/**
 * Checks a reply against the contract: the status must be one the operation declares, the content
 * type must match, and a JSON body must validate against that status's schema. Returns the parsed body.
 */
export function expectContract(operationId: string, res: Response): any {
  const op = contract.operations.get(operationId)
  if (!op) throw new Error(`operation ${operationId} is not in the contract`)
  const status = String(res.statusCode)
  const declared = op.responses[status]
  expect(
    declared,
    `${operationId} answered ${status}, not declared in the contract: ${res.body.slice(0, 300)}`,
  ).toBeDefined()
  const content = declared.content
  if (!content) {
    expect(res.body, `${operationId} ${status} must have no body`).toBe('')
    return undefined
  }
  const [mediaType, media] = Object.entries(content)[0]
  const contentType = String(res.headers['content-type'] ?? '')
  if (mediaType.includes('*')) {
    expect(
      contentType.startsWith(mediaType.split('/')[0] + '/'),
      `content type ${contentType} for ${mediaType}`,
    ).toBe(true)
    return res.rawPayload
  }
  expect(contentType.split(';')[0], `${operationId} ${status} content type`).toBe(mediaType)
  const body = JSON.parse(res.body)
  const key = `${operationId} ${status}`
  let validate = cache.get(key)
  if (!validate) {
    validate = ajv.compile(media.schema ?? {})
    cache.set(key, validate)
  }
  const ok = validate(body)
  expect(
    ok,
    `${key} body does not match the contract: ${ajv.errorsText(validate.errors)}\n${res.body.slice(0, 500)}`,
  ).toBe(true)
  return body
}

/** A problem+json reply with this status, valid for the operation. */
export function expectProblem(
  operationId: string,
  res: Response,
  status: number,
): { detail?: string; title: string } {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status)
  return expectContract(operationId, res)
}

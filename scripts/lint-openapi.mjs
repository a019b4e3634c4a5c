// Validates openapi/openapi.yaml against the OpenAPI 3.1 schema and checks our own conventions, among them that
// every operation lists the statuses the server's shared machinery can answer for it (the trust suite's
// generated requests then check that no answer falls outside what the contract lists).
import SwaggerParser from '@apidevtools/swagger-parser'

const file = process.argv[2] ?? 'openapi/openapi.yaml'
const doc = await SwaggerParser.validate(file)
const problems = []
const ids = new Set()
const UNSAFE = new Set(['post', 'put', 'patch', 'delete'])

/** Statuses every operation of this shape must list, each with the reason the server answers it. */
function requiredStatuses(path, method, op) {
  const need = [
    [503, 'every operation reads the database (503 when it is unreachable or the server is closing)'],
  ]
  if (UNSAFE.has(method)) {
    need.push(
      [400, 'a state-changing request may carry a body that is not valid JSON'],
      [403, 'the XSRF check refuses a state-changing request whose cookie is not echoed'],
      [413, `a body over BODY_LIMIT is refused`],
      [415, 'a body of any other content type is refused'],
    )
  }
  if (op.security?.length) need.push([401, 'secured (missing, invalid or expired token)'])
  if (/\{\w+\}/.test(path)) {
    need.push(
      [400, 'a path parameter the schema refuses'],
      [414, 'a path parameter over 100 characters is refused by the router'],
    )
    if (method === 'get') need.push([404, 'on a GET, an over-long path parameter matches no route'])
  }
  if (op.requestBody) need.push([400, 'takes a body'], [413, 'takes a body'], [415, 'takes a body'])
  return need
}

for (const [path, item] of Object.entries(doc.paths)) {
  for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
    const op = item[method]
    if (!op) continue
    const where = `${method.toUpperCase()} ${path}`
    if (!op.operationId) problems.push(`${where}: no operationId`)
    else if (ids.has(op.operationId)) problems.push(`${where}: duplicate operationId ${op.operationId}`)
    ids.add(op.operationId)
    if (!op.tags?.length) problems.push(`${where}: no tag`)
    if (!op.summary) problems.push(`${where}: no summary`)
    for (const [status, res] of Object.entries(op.responses ?? {})) {
      if (Number(status) >= 400) {
        const schema = res.content?.['application/problem+json']?.schema
        if (!schema) problems.push(`${where}: ${status} is not problem+json`)
        else if (!['type', 'title', 'status'].every((k) => schema.required?.includes(k)))
          problems.push(`${where}: ${status} is not a Problem (type, title and status required)`)
      }
      if (status === '429' && !res.headers?.['Retry-After'])
        problems.push(`${where}: 429 without Retry-After`)
    }
    const missing = new Map()
    for (const [status, why] of requiredStatuses(path, method, op))
      if (!op.responses?.[String(status)] && !missing.has(status)) missing.set(status, why)
    for (const [status, why] of missing) problems.push(`${where}: lists no ${status} (${why})`)
  }
}
if (problems.length) {
  console.error(problems.join('\n'))
  process.exit(1)
}
console.log(`${file}: valid OpenAPI ${doc.openapi}, ${ids.size} operations`)

// Validates openapi/openapi.yaml against the OpenAPI 3.1 schema and checks our own conventions.
import SwaggerParser from '@apidevtools/swagger-parser'

const doc = await SwaggerParser.validate('openapi/openapi.yaml')
const problems = []
const ids = new Set()
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
      if (Number(status) >= 400 && !res.content?.['application/problem+json'])
        problems.push(`${where}: ${status} is not problem+json`)
    }
    if (op.security?.length && !op.responses['401']) problems.push(`${where}: secured but no 401`)
  }
}
if (problems.length) {
  console.error(problems.join('\n'))
  process.exit(1)
}
console.log(`openapi/openapi.yaml: valid OpenAPI ${doc.openapi}, ${ids.size} operations`)

// Fails when src/api/generated/ is out of date with openapi/openapi.yaml.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const file = 'src/api/generated/api.ts'
const before = readFileSync(file, 'utf8')
execFileSync('npx', ['rtk-query-codegen-openapi', 'openapi/codegen.config.cjs'], { stdio: 'ignore' })
const after = readFileSync(file, 'utf8')
if (before !== after) {
  console.error(`${file} was out of date with openapi/openapi.yaml; it has been regenerated, commit it.`)
  process.exit(1)
}
console.log(`${file} is up to date with the contract`)

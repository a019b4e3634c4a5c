// Writes server/generated/contract.ts: the TypeScript types of openapi/openapi.yaml (openapi-typescript),
// which type the server's route handlers (server/routes/define.ts) and services.
// openapi-typescript builds its output with the TypeScript compiler API: the project's `typescript` package
// (TypeScript 6; the type check runs TypeScript 7, see eslint.config.js).
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const outputFile = 'server/generated/contract.ts'

const { default: openapiTS, astToString } = await import('openapi-typescript')
const prettier = await import('prettier')

/** The generated file's text for the contract as it is now. */
export async function generate() {
  const contract = new URL('../openapi/openapi.yaml', import.meta.url)
  const ast = await openapiTS(contract, { silent: true })
  const header = `// Generated from openapi/openapi.yaml by scripts/codegen-server.mjs (npm run codegen): do not edit.\n\n`
  const text = header + astToString(ast)
  const options = (await prettier.resolveConfig(outputFile)) ?? {}
  return prettier.format(text, { ...options, filepath: outputFile })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await generate()
  const check = process.argv.includes('--check')
  let before = ''
  try {
    before = readFileSync(outputFile, 'utf8')
  } catch {
    // not generated yet
  }
  if (before === text) {
    console.log(`${outputFile} is up to date with the contract`)
  } else {
    writeFileSync(outputFile, text)
    if (check) {
      console.error(
        `${outputFile} was out of date with openapi/openapi.yaml; it has been regenerated, commit it.`,
      )
      process.exit(1)
    }
    console.log(`${outputFile} written`)
  }
}

import { parseArgs } from 'node:util'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { ConfigError, loadConfig } from '../config'
import { openDb } from '../db/db'
import { migrate } from '../db/migrate'
import { join } from 'node:path'
import { loadContract } from '../openapi'
import { DomainError } from '../services/errors'
import type { Role } from '../services/types'
import { createUser } from '../services/users'

const usage = 'Usage: npm run user:create -- --username U --email E --password P --role student|instructor|admin'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

async function main() {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string', default: 'student' },
        phone: { type: 'string' },
      },
      strict: true,
    }))
  } catch (err) {
    fail(`${(err as Error).message}\n${usage}`)
  }
  const input = { username: values.username, email: values.email, password: values.password, role: values.role }
  // The same rules as registration, taken from the contract.
  const contract = await loadContract()
  const schema = contract.operations.get('register')!.requestBody!.content['application/json']!.schema!
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats.default(ajv)
  const validate = ajv.compile(schema)
  const candidate = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
  if (!validate(candidate)) {
    const errors = validate.errors!.map((e) => `${e.instancePath.slice(1) || e.params.missingProperty || 'input'} ${e.message}`)
    fail(`Invalid input: ${errors.join('; ')}\n${usage}`)
  }

  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) fail(`Configuration error: ${err.message}`)
    throw err
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pgdata') })
  try {
    await migrate(db)
    const user = await createUser(db, {
      username: input.username!,
      email: input.email!,
      password: input.password!,
      role: input.role as Role,
      phoneNumber: values.phone,
    })
    console.log(user._id)
  } catch (err) {
    if (err instanceof DomainError) {
      await db.close()
      fail(`Could not create the user: ${err.message}`)
    }
    throw err
  }
  await db.close()
}

await main()

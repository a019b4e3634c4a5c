import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { ConfigError, loadConfig, secureDataDir } from '../config'
import { openDb } from '../db/db'
import { migrate } from '../db/migrate'
import { join } from 'node:path'
import { loadContract } from '../openapi'
import { DomainError } from '../services/errors'
import type { Role } from '../services/types'
import { setScryptLog2N } from '../services/accounts/passwords'
import { createUser } from '../services/accounts/users'

const usage = [
  'Usage: npm run user:create -- --username U --email E --role student|instructor|admin [--phone P]',
  'The password comes from USER_PASSWORD, or the first line of standard input (a prompt without echo on a terminal):',
  `  printf '%s\\n' "$PW" | npm run user:create -- --username U --email E --role admin`,
  '(--password P also works, but leaves the password in the shell history and the process list.)',
].join('\n')

/** The first line of standard input; on a terminal, asked for without echoing what is typed. */
async function readPassword(): Promise<string | undefined> {
  const stdin = process.stdin
  if (stdin.isTTY) {
    process.stderr.write('Password: ')
    stdin.setRawMode(true)
    stdin.resume()
    stdin.setEncoding('utf8')
    return new Promise((resolve) => {
      let typed = ''
      const done = (value: string | undefined) => {
        stdin.setRawMode(false)
        stdin.pause()
        stdin.off('data', onData)
        process.stderr.write('\n')
        resolve(value)
      }
      const onData = (chunk: string) => {
        for (const ch of chunk) {
          if (ch === '\r' || ch === '\n') return done(typed)
          if (ch === '\u0003' || ch === '\u0004') return done(undefined) // Ctrl-C, Ctrl-D
          if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1)
          else typed += ch
        }
      }
      stdin.on('data', onData)
    })
  }
  const lines = createInterface({ input: stdin, crlfDelay: Infinity })
  for await (const line of lines) {
    lines.close()
    return line
  }
  return undefined
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

async function main() {
  // What this creates (the embedded database's files, a generated secret) is private to this user: 0700 / 0600.
  process.umask(0o077)
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
  // Off the command line by preference: arguments show in `ps` and in the shell history.
  let password = values.password ?? process.env.USER_PASSWORD
  if (password === undefined || password === '') password = await readPassword()
  if (!password) fail(`No password given (USER_PASSWORD, standard input or --password)\n${usage}`)
  const input = { username: values.username, email: values.email, password, role: values.role }
  // The same rules as registration, taken from the contract.
  const contract = await loadContract()
  const schema = contract.operations.get('register')!.requestBody!.content['application/json'].schema!
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv)
  const validate = ajv.compile(schema)
  const candidate = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
  if (!validate(candidate)) {
    const errors = validate.errors!.map(
      (e) => `${e.instancePath.slice(1) || e.params.missingProperty || 'input'} ${e.message}`,
    )
    fail(`Invalid input: ${errors.join('; ')}\n${usage}`)
  }

  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) fail(`Configuration error: ${err.message}`)
    throw err
  }
  secureDataDir(config)
  setScryptLog2N(config.scryptLog2N)
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pgdata'),
    pgliteSharedBuffers: config.pgliteSharedBuffers,
  })
  try {
    await migrate(db)
    const user = await createUser(db, {
      username: input.username!,
      email: input.email!,
      password: input.password,
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
  // PGlite writes a few files with modes of its own (not the umask): make them private too.
  secureDataDir(config)
}

await main()

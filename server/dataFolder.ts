import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** The secret in `file`, made there (private to the server's user) when missing or too short. */
export function readOrCreateSecret(file: string): string {
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim()
    if (s.length >= 32) return s
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  // `mode` only applies when the file is created; a short secret being replaced keeps its old mode otherwise.
  chmodSync(file, 0o600)
  return secret
}

/** dir and everything below it: folders 0700, files 0600 (only what is not so already is changed). */
function privateTree(dir: string): void {
  const walk = (path: string, isDir: boolean) => {
    const want = isDir ? 0o700 : 0o600
    if ((statSync(path).mode & 0o777) !== want) chmodSync(path, want)
    if (!isDir) return
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory() || entry.isFile()) walk(join(path, entry.name), entry.isDirectory())
    }
  }
  walk(dir, true)
}

type DataPlaces = { dataDir: string; databaseUrl: string | undefined; mediaDir: string }

/** Makes the data folder (where PGlite keeps its files) and the secret in it private to the server's user. */
export function securePrivateFolder(config: DataPlaces): void {
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true, mode: 0o700 })
  if (existsSync(config.dataDir)) chmodSync(config.dataDir, 0o700)
  const secret = join(config.dataDir, 'jwt-secret')
  if (existsSync(secret)) chmodSync(secret, 0o600)
}

/**
 * Makes whatever exists of the database's files and the media private to the server's user: a walk over every file
 * (~45 ms of a start, hence run after listening by the server: nothing below a 0700 folder can be reached by other
 * users meanwhile).
 */
export function secureDataFiles(config: DataPlaces): void {
  const trees = [config.mediaDir, ...(config.databaseUrl ? [] : [join(config.dataDir, 'pgdata')])]
  for (const dir of trees) if (existsSync(dir)) privateTree(dir)
}

/** Makes the data folder, and whatever of it exists (database, media, secret), private to the server's user. */
export function secureDataDir(config: DataPlaces): void {
  securePrivateFolder(config)
  secureDataFiles(config)
}

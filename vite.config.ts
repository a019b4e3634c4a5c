import { createHash } from 'node:crypto'
import { createReadStream, existsSync, readFileSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { fileURLToPath, pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vitest/config'
import { pieceSpritePlugin } from './scripts/vite-piece-sprite.mjs'
import { prerenderShells } from './scripts/vite-prerender.mjs'
import { cspStyleHashes } from './scripts/vite-csp-styles.mjs'
import { filesThatMock } from './scripts/test-files-that-mock.mjs'
import { ISOLATION_HEADERS, isIsolatedPath } from './src/app/isolatedPages.js'

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3000}`

// Node 25 and newer have a global `localStorage` of their own (Web Storage, on by default), which without
// `--localstorage-file` is an empty stub; since the global already exists, jsdom's Storage is not installed
// over it and the app and the tests would have no working localStorage. The web tests run in a browser
// environment, so their workers turn Node's Web Storage off and `localStorage` is jsdom's, the one the app
// uses. Node 20 does not know the flag (it has no Web Storage), so it is only passed where Node accepts it.
const noNodeWebStorage = process.allowedNodeEnvironmentFlags.has('--no-experimental-webstorage')
  ? ['--no-experimental-webstorage']
  : []

// The web tests answer the SPA's requests from the real server (tests/helpers/backend.ts), whose modules then load
// in the browser-like environment, where Vite would turn `new URL('./file', import.meta.url)` into an asset URL.
// The server's modules (and the test helper that builds it) keep their file URL, as under Node.
const serverDir = fileURLToPath(new URL('./server/', import.meta.url))
const buildServerHelper = fileURLToPath(new URL('./tests/helpers/buildServer.ts', import.meta.url))
const serverFileUrls: Plugin = {
  name: 'server-file-urls',
  enforce: 'pre',
  transform(code, id) {
    const file = id.split('?')[0]
    if (!(file.startsWith(serverDir) || file === buildServerHelper) || !code.includes('import.meta.url'))
      return
    return { code: code.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href)), map: null }
  },
}

// The engine: Stockfish 19's lite builds from the `stockfish` package (GPL-3), served as separate files with their
// licence under /engine/{hash}/ (emitted into dist/ at build, answered from node_modules in dev) and fetched only
// when a level is chosen or /analysis's engine is switched on. The single-threaded build plays the practice game
// and analyses where the page is not cross-origin isolated; the multi-threaded one analyses on /analysis, which is
// (src/app/isolatedPages.ts): its threads are Web Workers of its own script (the same address with the .wasm's
// after a '#'), so it needs no other file. Only these five files: the package's full builds (99 MB) are never
// shipped. The folder is named by the files' content (the first 12 hex digits of their SHA-256), so the server
// caches them for good, as it does the hashed assets, and an engine update changes the address. The SPA reads the
// scripts' addresses from `virtual:engine-script`.
const engineDir = fileURLToPath(new URL('./node_modules/stockfish/', import.meta.url))
const ENGINE_FILES: Record<string, { source: string; type: string }> = {
  'stockfish-19-lite-single.js': { source: 'bin/stockfish-19-lite-single.js', type: 'text/javascript' },
  'stockfish-19-lite-single.wasm': { source: 'bin/stockfish-19-lite-single.wasm', type: 'application/wasm' },
  'stockfish-19-lite.js': { source: 'bin/stockfish-19-lite.js', type: 'text/javascript' },
  'stockfish-19-lite.wasm': { source: 'bin/stockfish-19-lite.wasm', type: 'application/wasm' },
  'COPYING.txt': { source: 'Copying.txt', type: 'text/plain; charset=utf-8' },
}
const engineHash = (() => {
  const hash = createHash('sha256')
  for (const [name, file] of Object.entries(ENGINE_FILES))
    hash.update(name).update(existsSync(engineDir + file.source) ? readFileSync(engineDir + file.source) : '')
  return hash.digest('hex').slice(0, 12)
})()
const ENGINE_FOLDER = `engine/${engineHash}`
const ENGINE_MODULE = 'virtual:engine-script'
const engineAssets: Plugin = {
  name: 'engine-assets',
  resolveId(id) {
    return id === ENGINE_MODULE ? `\0${ENGINE_MODULE}` : undefined
  },
  load(id) {
    if (id !== `\0${ENGINE_MODULE}`) return undefined
    return [
      `export default ${JSON.stringify(`/${ENGINE_FOLDER}/stockfish-19-lite-single.js`)}`,
      `export const multiThreaded = ${JSON.stringify(`/${ENGINE_FOLDER}/stockfish-19-lite.js`)}`,
    ].join('\n')
  },
  configureServer(server) {
    // As the server sends them (server/web/webPlugin.ts): /analysis's document cross-origin isolated, and the
    // engine's files with the embedder policy a worker needs to run in it.
    server.middlewares.use((req, res, next) => {
      if (isIsolatedPath((req.url ?? '').split('?')[0]) && (req.headers.accept ?? '').includes('text/html'))
        for (const [name, value] of Object.entries(ISOLATION_HEADERS)) res.setHeader(name, value)
      next()
    })
    server.middlewares.use(`/${ENGINE_FOLDER}`, (req, res, next) => {
      const file = ENGINE_FILES[(req.url ?? '').split('?')[0].replace(/^\//, '')]
      if (!file) return next()
      res.setHeader('Content-Type', file.type)
      res.setHeader('Cross-Origin-Embedder-Policy', ISOLATION_HEADERS['cross-origin-embedder-policy'])
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
      createReadStream(engineDir + file.source).pipe(res)
    })
  },
  generateBundle() {
    for (const [name, file] of Object.entries(ENGINE_FILES))
      this.emitFile({
        type: 'asset',
        fileName: `${ENGINE_FOLDER}/${name}`,
        source: readFileSync(engineDir + file.source),
      })
  },
}

// Static files are compressed once, at build time, at the highest levels (brotli 11, gzip 9), next to the originals
// (x.js.br, x.js.gz); the server sends them as they are (@fastify/static's preCompressed) instead of compressing per
// request at a low level. Node's zlib does both, so no plugin dependency for a loop over the written files.
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm|webmanifest)$/
const precompress: Plugin = {
  name: 'precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist'
    const files = Object.keys(bundle).filter((f) => COMPRESSIBLE.test(f))
    await Promise.all(
      files.map(async (file) => {
        const path = `${dir}/${file}`
        const raw = await readFile(path)
        if (raw.length < 1024) return
        const text = !file.endsWith('.wasm')
        const [br, gz] = await Promise.all([
          brotli(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: text
                ? zlib.constants.BROTLI_MODE_TEXT
                : zlib.constants.BROTLI_MODE_GENERIC,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ])
        // A compressed copy that is not smaller would only cost a lookup: the original is sent then.
        if (br.length < raw.length) await writeFile(`${path}.br`, br)
        if (gz.length < raw.length) await writeFile(`${path}.gz`, gz)
      }),
    )
  },
}

// Chunks. Every page runs the entry's code: React and React DOM, Redux Toolkit and RTK Query, React Router,
// redux-persist, the store, the layout. All of it, with the bundler's runtime helpers, goes into the entry chunk
// itself, so a first visit fetches one file for it where it fetched three (entry, framework, runtime: each a request
// with its headers, and three smaller brotli windows). What several pages share beyond that (forms, paging, course
// actions) is one 'shared' chunk: left to itself the bundler split it into a dozen files under 1 KB (LoadError,
// problemText, ...). Kept out of both: the board (react-chessboard, chess.js) and the code of the lines, the practice
// board, the modules page and review, which only their pages load; and orders (receipts, /admin's orders, the payments
// notice, with their endpoints, generated apart: openapi/codegen.config.cjs), which no first visit needs.
const ROLLDOWN_RUNTIME = '\0rolldown/runtime.js'
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-redux|@reduxjs[\\/]toolkit|redux|redux-thunk|redux-persist|immer|reselect|react-router|react-router-dom|use-sync-external-store|@standard-schema[\\/]utils|cookie|set-cookie-parser)[\\/]/
// Code only its pages load. A feature's endpoints file is not: review's (its cache tags) serves /home's panel too, and
// in a chunk of its own it would be a file under 1 KB, which precompress leaves uncompressed.
// The kernel's chess code (domain/chess/: chess.js, PGN, move words) is the board's too, but for the reading of a
// FEN's pieces (fenPieces.ts, a few lines, no chess.js), which /home's static board needs: a chunk of its own there
// cost a request (0.6 KB with its headers) every first visit paid. The kept games' endpoints
// serve the profile, /analysis and the saver of a finished game, none of them a first visit's page. The modules'
// endpoints and the video's progress saver serve the course page and the lesson view only. The puzzles' endpoints
// serve /puzzles and /home's 'Puzzle of the day', which loads its code once its place is on screen. The puzzles'
// feature (its board, its solving and its endpoints) serves /puzzles, /review's puzzles to review, /analysis's
// mistakes kept from a game and the module pages' puzzle sets (whose result's endpoint is generated apart): none of them
// a first visit's page (in 'shared', its board and chess.js came along). The certificates' code and endpoints serve a
// certificate's page, the profile and the course page. A course's reviews (with their endpoints, generated apart, and
// their rules in the kernel) load with the course page's last section only.
const PAGE_OWN =
  /namedPieces|[\\/]features[\\/](lines|game|modules|review)[\\/](?!\w+Endpoints\.ts$)|[\\/]features[\\/]puzzles[\\/]|[\\/](features[\\/]courseReviews[\\/]|domain[\\/]courseReviews\.ts$)|[\\/]features[\\/]modules[\\/]moduleEndpoints\.ts$|[\\/]features[\\/]progress[\\/](progressKeepalive|progressSaver|useVideoProgress)\.ts$|[\\/]features[\\/]game[\\/]gamesEndpoints\.ts$|[\\/]domain[\\/]chess[\\/](?!fenPieces\.ts$)|[\\/]features[\\/](orders|certificates)[\\/]|[\\/]api[\\/]generated[\\/](ordersApi|puzzlesApi|puzzleSetsApi|certificatesApi|courseReviewsApi|previewsApi)\.ts$/
const sharedByPages = (id: string) =>
  FRAMEWORK.test(id) || (/[\\/](src|domain)[\\/]/.test(id) && !PAGE_OWN.test(id))
const CHUNK_GROUPS = [
  // Statically reachable from the entry: the group holds the entry module, so its chunk is the entry chunk.
  { name: 'app', tags: ['$initial' as const] },
  { name: 'app', test: (id: string) => id === ROLLDOWN_RUNTIME },
  { name: 'shared', test: sharedByPages, minShareCount: 2 },
]

// React Router's package points bundlers at its development build (warnings, checks); the production build is the
// same API without them. Builds use it; tests keep the development build and its warnings.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/', import.meta.url),
)

const WEB_TESTS = ['tests/{app,api,components,domain,features}/**/*.test.{ts,tsx}']

const webFilesThatMock = filesThatMock(
  ['app', 'api', 'components', 'domain', 'features'].map((d) => `tests/${d}`),
)
const serverFilesThatMock = filesThatMock(['tests/server'])
/** A project's include of exactly these files: an empty include would mean vitest's default, every test file. */
const onlyThese = (files: string[]) => (files.length ? files : ['no-such-file'])
/** What the two server projects share. */
const serverTests = { environment: 'node', testTimeout: 30000, hookTimeout: 60000 } as const

export default defineConfig(({ command }) => ({
  plugins: [react(), engineAssets, pieceSpritePlugin(), prerenderShells(), cspStyleHashes(), precompress],
  resolve: {
    alias: [
      // The shared kernel (domain/: rules and chess), imported by the SPA and the server alike.
      { find: '@domain', replacement: fileURLToPath(new URL('./domain', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // One stylesheet for the whole app (14 KB, 3.7 KB gzip), which the prerendered pages carry inside their HTML
    // (scripts/vite-prerender.mjs): no stylesheet request holds their first paint, and none is added by a page's
    // chunk as it loads.
    cssCodeSplit: false,
    // Every browser the app supports (ES modules with dynamic import) has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  server: { proxy: { '/api': apiTarget } },
  test: {
    // Two workers at least: vitest's default on a 2-core machine (CI's) is one, which leaves a core mostly idle
    // while a test file waits for its backend; two halve the web and server suites there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        plugins: [serverFileUrls],
        test: {
          name: 'web',
          // jsdom, with Node's own Blob, File and FormData for Node's fetch (see the file).
          environment: './tests/helpers/webEnvironment.ts',
          execArgv: noNodeWebStorage,
          include: WEB_TESTS,
          exclude: webFilesThatMock,
          setupFiles: ['tests/helpers/setupWeb.ts'],
          // The files of a worker share its modules and its backend (tests/helpers/setupWeb.ts): loading the
          // server and the app and starting a PGlite once per worker, not once per file, takes a third off the
          // suite. Each test still starts from an empty database, storage and cookies (setupWeb.ts).
          isolate: false,
          env: { WEB_TESTS_SHARE_WORKER: '1' },
        },
      },
      {
        extends: true,
        plugins: [serverFileUrls],
        test: {
          // The web files that replace a module or a global (vi.mock, vi.stubGlobal) or fire window events run
          // isolated, one by one.
          name: 'web-isolated',
          environment: './tests/helpers/webEnvironment.ts',
          execArgv: noNodeWebStorage,
          include: onlyThese(webFilesThatMock),
          setupFiles: ['tests/helpers/setupWeb.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...serverTests,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: serverFilesThatMock,
          // The files of a worker share its modules: PGlite's WebAssembly, Fastify and the server's modules load
          // once per worker instead of once per file, which halved the suite. Each file still builds its own server
          // and database (tests/helpers/buildServer.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...serverTests,
          // The server files that replace a module or a global run isolated, one by one.
          name: 'server-isolated',
          include: onlyThese(serverFilesThatMock),
        },
      },
    ],
  },
}))

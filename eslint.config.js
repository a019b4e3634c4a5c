// ESLint: typescript-eslint's type-checked rules on every TypeScript file of the project, React's hook rules on
// the SPA, the layers of the code as import boundaries (eslint-plugin-boundaries; docs/architecture.md) and no
// import cycles (eslint-plugin-import-x).
//
// typescript-eslint needs the TypeScript compiler API (>=4.8.4 <6.1.0), which TypeScript 7 (a native compiler) does
// not have. As TypeScript 7's release notes advise for running both, the project's `typescript` package is
// TypeScript 6 (`@typescript/typescript6`: the compiler API, its command named `tsc6`), which typescript-eslint and
// the other tools that build with the API load as they would any `typescript`; the type check runs TypeScript 7's
// `tsc` from the `typescript-7` alias (`npm run typecheck`).
// Type information comes from `parserOptions.project` (tsconfig.json).
import { createRequire } from 'node:module'
import { defineConfig } from 'eslint/config'

const require = createRequire(import.meta.url)

const { default: js } = await import('@eslint/js')
const { default: tseslint } = await import('typescript-eslint')
const { default: reactHooks } = await import('eslint-plugin-react-hooks')
const { default: boundaries } = await import('eslint-plugin-boundaries')
const { default: globals } = await import('globals')
const { default: regexp } = await import('eslint-plugin-regexp')
const { importX } = await import('eslint-plugin-import-x')

// Layers (docs/architecture.md). Elements are folders; file categories mark the few files that other
// layers may use.
const elements = [
  // SPA
  { type: 'app', pattern: 'src/app' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'api', pattern: 'src/api' },
  { type: 'components', pattern: 'src/components' },
  { type: 'assets', pattern: 'src/assets' },
  // The shared kernel (domain/: the product's rules, the catalogue's view, chess): imported by both sides.
  { type: 'kernel', pattern: 'domain' },
  // Server
  { type: 'contract', pattern: 'server/generated' },
  // The server's web room: the pages it serves and prerenders, made from the SPA's own shell and components.
  { type: 'web', pattern: 'server/web' },
  { type: 'routes', pattern: 'server/routes' },
  { type: 'plugins', pattern: 'server/plugins' },
  { type: 'services', pattern: 'server/services' },
  { type: 'db', pattern: 'server/db' },
  { type: 'cli', pattern: 'server/cli' },
  // The files at the top: src/main.tsx and index.css; server/app.ts, main.ts, config.ts, openapi.ts.
  { type: 'spa-root', pattern: 'src' },
  { type: 'server-root', pattern: 'server' },
].map((element) => ({ ...element, partialMatch: false }))

const files = [
  // A feature's files are its own; another feature may use only these, each a deliberate surface (add a
  // file here, with its reason, rather than reaching into another feature's internals).
  // auth: the signed-in session (who is logged in and the actions that change it), read app-wide; the prompt
  // shown when a signed-out visitor tries something that needs an account; the password rules and messages
  // shared by the profile and admin forms.
  {
    category: 'surface',
    pattern: 'src/features/auth/{authSlice.ts,LoginRequiredModal.tsx,passwordRules.ts}',
  },
  // layout: the alert channel every feature reports to.
  { category: 'surface', pattern: 'src/features/layout/alertsSlice.ts' },
  // Endpoints files whose hooks other features' screens use (importing the hook loads its cache rules): auth's
  // logout (the navigation bar, the profile's 'log out everywhere'); profile's own profile (the session refresh);
  // the courses (a course on its modules page, the enrollments on /home); the cart (the course cards, a course's
  // curriculum); the review schedule (a line practised on a module card).
  {
    category: 'surface',
    pattern:
      'src/features/{auth/authEndpoints.ts,profile/profileEndpoints.ts,courses/courseEndpoints.ts,cart/cartEndpoints.ts,review/reviewEndpoints.ts}',
  },
  // progress: the caller's progress shown by the course cards, /home, the profile and the modules page (its
  // endpoints, the bar and its hook), and the video player's saved position.
  {
    category: 'surface',
    pattern:
      'src/features/progress/{progressEndpoints.ts,CourseProgress.tsx,useCourseProgress.ts,useVideoProgress.ts}',
  },
  // The panels the home page shows.
  {
    category: 'surface',
    pattern:
      'src/features/{game/PracticeBoardPanel.tsx,player/PlayerSearch.tsx,titles/TitleSearch.tsx,courses/StudentActions.tsx}',
  },
  // game: the app's one interactive board and its keyboard help (the line viewer, line practice and review use it),
  // and what 'Play from here' hands to /home's practice game.
  {
    category: 'surface',
    pattern: 'src/features/game/{ChessBoard.tsx,BoardKeysHelp.tsx,lineStart.ts}',
  },
  // game: the engine in its worker and its UCI wrapper, which the analysis board runs for its evaluations and
  // report; lines: the tree of moves, its stepping and its styles, which the analysis board shows.
  {
    category: 'surface',
    pattern:
      'src/features/{game/stockfishWorker.ts,game/uciEngine.ts,game/uciAnalysis.ts,lines/MoveTree.tsx,lines/StepButtons.tsx,lines/lineNavigation.ts,lines/lines.css}',
  },
  // orders: the notice next to every button that takes money while payments are simulated (the cart, a course's
  // 'Enroll Now'), the cart's return from Stripe's payment page, the profile's 'My orders' and 'Earnings' (also on
  // /admin), and the orders' endpoints (/admin's orders).
  {
    category: 'surface',
    pattern:
      'src/features/orders/{PaymentNotice.tsx,CheckoutReturn.tsx,MyOrders.tsx,Earnings.tsx,ordersEndpoints.ts}',
  },
  // puzzles: the solving of a puzzle (its rules, its hook and its board), which /review's puzzles to review and a
  // course's puzzle sets on the module pages reuse, and the puzzles' endpoints (the review queue on /review, the
  // mistakes /analysis keeps from a game's report).
  {
    category: 'surface',
    pattern:
      'src/features/puzzles/{PuzzleBoard.tsx,puzzleSolving.ts,usePuzzleSolving.ts,puzzlesEndpoints.ts}',
  },
  // certificates: the profile's list of the caller's certificates ('Keep my certificates private') and a course page's
  // 'View certificate'.
  {
    category: 'surface',
    pattern: 'src/features/certificates/{MyCertificates.tsx,CourseCertificate.tsx}',
  },
  // courseReviews: a course's ratings and reviews, the course page's last section (loaded as a chunk of its own).
  { category: 'surface', pattern: 'src/features/courseReviews/CourseReviews.tsx' },
  // analysis: what a page hands to /analysis ('Analyse this game', 'Analyse from here', a kept or chess.com game).
  { category: 'surface', pattern: 'src/features/analysis/analysisStart.ts' },
  // game: the kept practice games ('My games' on one's own profile; /analysis opens one by its id, or a visitor's
  // last game kept in the browser).
  {
    category: 'surface',
    pattern: 'src/features/game/{MyGames.tsx,gamesEndpoints.ts,lastGame.ts}',
  },
  // lines: a module's line (viewer and practice), shown on the module card and on /review, the clock by which the
  // card's video tells its line the second it is at, and the line editor of the module form; review: /home's
  // 'Lines to review' count.
  {
    category: 'surface',
    pattern:
      'src/features/{lines/LinePanel.tsx,lines/videoClock.ts,lines/LineEditor.tsx,lines/reviewDate.ts,review/LinesToReview.tsx}',
  },
  // The app's side of the features' wiring: typed hooks, the listener middleware's `startAppListening`,
  // the config and the lazy-page helper. Features reach no further into app/.
  { category: 'wiring', pattern: 'src/app/{hooks,listeners,config,lazyPage}.ts' },
  // The list of prerendered pages: the catalogue reads its first page from the HTML only on those addresses.
  { category: 'wiring', pattern: 'src/app/shell/shellPages.ts' },
  // Configuration, read once per side, where the environment is validated at start (fail fast, one place).
  { category: 'config', pattern: ['src/app/config.ts', 'server/config.ts'] },
  // The contract: the loader of openapi/openapi.yaml (its generated types are the `contract` element).
  { category: 'contract', pattern: 'server/openapi.ts' },
  { category: 'seed', pattern: 'server/db/seed.ts' },
]

const element = (...types) => types.map((type) => ({ element: { type } }))
const file = (type, categories) => ({ element: { type }, file: { categories } })

const policies = [
  // SPA: components/, api/ -> features/ -> app/: shared code flows one way, so a feature changes without the
  // shared pieces under it knowing.
  {
    from: element('app', 'spa-root'),
    allow: { to: element('app', 'feature', 'api', 'components', 'kernel', 'assets', 'spa-root') },
  },
  {
    from: element('feature'),
    allow: {
      to: [
        ...element('api', 'components', 'kernel', 'assets'),
        file('feature', 'surface'),
        file('app', 'wiring'),
      ],
    },
  },
  { from: element('components'), allow: { to: element('api', 'kernel', 'assets') } },
  // api/ does not import app/, except the config holding the API's base address (read once there).
  { from: element('api'), allow: { to: [...element('kernel'), file('app', 'config')] } },
  // The kernel imports nothing of the SPA or the server (only itself, and chess.js: see the kernel's import rule
  // below), so both sides load it and it never changes for one side's sake.
  { from: element('kernel'), allow: { to: element('kernel') } },

  // Server: routes -> services -> db: handlers parse and shape replies, services hold the rules, db runs SQL.
  {
    from: element('server-root'),
    allow: { to: element('server-root', 'contract', 'routes', 'plugins', 'services', 'db', 'kernel', 'web') },
  },
  {
    from: element('routes'),
    allow: {
      to: [
        ...element('services', 'plugins', 'contract'),
        file('server-root', 'config'),
        file('server-root', 'contract'),
      ],
    },
  },
  // Routes hand the db handle to services: they may name its type, never call the db themselves.
  { from: element('routes'), allow: { to: element('db'), dependency: { kind: 'type' } } },
  {
    from: element('plugins'),
    allow: { to: [...element('services', 'db', 'contract'), file('server-root', 'config')] },
  },
  {
    from: element('services'),
    allow: { to: [...element('db', 'contract', 'kernel'), file('server-root', 'config')] },
  },
  { from: element('db'), allow: { to: file('server-root', 'config') } },
  // server/web/ is the one server room that imports the SPA (its shell and components, to serve and prerender the
  // pages as the SPA renders them); no other server element may import src/.
  {
    from: element('web'),
    allow: {
      to: [
        ...element('app', 'feature', 'api', 'components', 'assets', 'spa-root'),
        ...element('web', 'kernel', 'services', 'plugins', 'db', 'contract'),
        file('server-root', 'config'),
      ],
    },
  },
  // The demo data goes in through the services, so demo accounts obey the same rules as real ones.
  { from: file('db', 'seed'), allow: { to: element('services') } },
  {
    from: element('cli'),
    allow: {
      to: [
        ...element('services', 'db', 'contract'),
        file('server-root', 'config'),
        file('server-root', 'contract'),
      ],
    },
  },
]

export default defineConfig(
  {
    ignores: [
      'dist/',
      // The compiled server (scripts/build-server.mjs).
      'dist-server/',
      'coverage/',
      'test-results/',
      'bench/results/',
      'data/',
      '.tmp/',
      '.node-lines/',
      // Generated (npm run codegen) from openapi/openapi.yaml, never edited by hand: a change goes into the contract.
      'src/api/generated/',
      'server/generated/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  // Regular expressions (eslint-plugin-regexp): its recommended rules, and as errors the two that find patterns
  // whose time grows faster than their input (nested or overlapping quantifiers; an unanchored search that rescans
  // a long run from each of its positions). User-given text meets many patterns, and one slow pattern blocks the
  // event loop for every request. The recommended rules that only prefer another spelling of the same pattern
  // (\w for [A-Za-z0-9_], the i flag, (?:) for a group whose capture is unread, \v for \u000b, escaped braces,
  // a class for one-character alternatives) are off: they change no pattern's meaning or speed.
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/prefer-w': 'off',
      'regexp/use-ignore-case': 'off',
      'regexp/no-unused-capturing-group': 'off',
      'regexp/control-character-escape': 'off',
      'regexp/strict': 'off',
      'regexp/prefer-character-class': 'off',
    },
  },
  {
    languageOptions: {
      parserOptions: {
        project: './tsconfig.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // `_`-prefixed names mark parameters kept for a signature and deliberately ignored destructured keys.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Off: `async` without `await` is how Fastify handlers and hooks, msw resolvers and test callbacks say
      // that they answer with a promise (Fastify sends a returned value only from an async handler), and
      // dropping it would turn a thrown error into a synchronous throw. Unhandled promises are still caught
      // by no-floating-promises and no-misused-promises.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Tests read untyped JSON bodies (`res.json()` is `any`) and assert on them with expect() and against the
  // contract's schemas: the no-unsafe-* rules would flag every such read without making a test safer, and
  // the trust suite's helpers type those bodies `any` on purpose (they carry hostile and malformed answers).
  {
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  // JavaScript (scripts/, bench/, configuration) and the two vitest configurations outside tsconfig.json:
  // Node files without type information.
  {
    files: ['**/*.{js,mjs,cjs}', 'vitest.*.config.ts'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  // CommonJS files (the import resolver the boundary rules load): require() is how they import.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // SPA: React's rules of hooks.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx', 'tests/helpers/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Layers as import boundaries.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'domain/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/include': ['src/**/*', 'server/**/*', 'domain/**/*'],
      // Node's resolver behind a small one for the `@/` alias (scripts/eslint-alias-resolver.cjs): the TypeScript
      // resolver depends on native bindings that the registry this project installs from does not serve for
      // every platform, which broke `npm ci`. Without it, every `@/` import passed the layer rules unchecked, as an
      // "external package".
      'import/resolver': {
        [require.resolve('./scripts/eslint-alias-resolver.cjs')]: {
          extensions: ['.ts', '.tsx', '.js', '.mjs'],
        },
      },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies }],
    },
  },
  // No import cycles (eslint-plugin-import-x's no-cycle): a module that reaches itself again through its imports
  // runs with some of its imports still undefined, depending on which file loads first, and a cycle between
  // layers hides that a lower layer knows a higher one. Type-only imports are left out (they vanish at build).
  // The same resolver as the boundary rules, so `@/` imports are followed too.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'domain/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The files whose imports it follows (its default is JavaScript only).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver': {
        [require.resolve('./scripts/eslint-alias-resolver.cjs')]: {
          extensions: ['.ts', '.tsx', '.js', '.mjs'],
        },
      },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Screens take hooks from their feature's endpoints file: importing it puts that feature's cache rules (tags,
  // optimistic updates) in place before a hook runs. The generated endpoints and the bare API have none of them.
  {
    files: ['src/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@/api/generated/api',
              allowTypeImports: true,
              message:
                "Import hooks from the feature's endpoints file (src/features/<feature>/*Endpoints.ts).",
            },
            {
              name: '@/api/api',
              allowTypeImports: true,
              message:
                "Import hooks from the feature's endpoints file (src/features/<feature>/*Endpoints.ts).",
            },
          ],
        },
      ],
    },
  },
  // Services take plain arguments and a db handle: no Fastify types there, so they run from a route, the seed
  // or the command line alike and are tested without a server.
  {
    files: ['server/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', '@fastify/*', 'fastify-plugin'], message: 'Services know no Fastify.' },
          ],
        },
      ],
    },
  },
  // The kernel (domain/) loads on both sides: of the packages, only chess.js (no React, no Fastify, no Node
  // modules), and nothing through the SPA's aliases. Its own modules import one another by relative paths.
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/|chess\\.js$)',
              message: 'The kernel imports only its own modules (by relative paths) and chess.js.',
            },
          ],
        },
      ],
    },
  },
)

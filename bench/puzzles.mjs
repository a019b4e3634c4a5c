// The next puzzle chosen among 100,000 (the service's own query, server/services/puzzles/puzzles.ts): its p50/p99 for
// a visitor, a player who has played 500 puzzles around their rating, and a theme, on PostgreSQL (when 127.0.0.1:5432
// answers or DATABASE_URL is set) and on PGlite; beside it the same queries once the rating indexes are dropped (the
// baseline: a scan of the table). Also runnable alone: `node bench/puzzles.mjs [--puzzles N] [--no-postgres]`.
import { randomBytes } from 'node:crypto'
import { loadavg } from 'node:os'
import { pathToFileURL } from 'node:url'
import { register } from 'tsx/esm/api'
import { log, round } from './support.mjs'
import { postgresUrl } from './throughput.mjs'

export const PUZZLE_COUNT = 100_000
/** `count` puzzles, ratings spread around 1500 (600 to 3000), each with one to four themes; a player who played 500. */
async function fill(db, count, themes) {
  await db.query(
    `INSERT INTO puzzles (id, fen, moves, themes, rating)
     SELECT 'b' || g, '8/8/8/8/8/8/8/K6k w - - 0 1', ARRAY['a1a2', 'h1h2'],
       (SELECT array_agg(DISTINCT t) FROM unnest($2::text[]) WITH ORDINALITY AS x(t, i)
         WHERE x.i = 1 + (g % 13) OR random() < 0.12),
       greatest(600, least(3000, 1500 + 350 * (random() + random() + random() - 1.5) * 2))
     FROM generate_series(1, $1::int) AS g`,
    [count, themes],
  )
  await db.query(
    `INSERT INTO puzzle_themes (theme, puzzle_id, rating)
     SELECT t, p.id, p.rating FROM puzzles p CROSS JOIN LATERAL unnest(p.themes) AS t`,
  )
  const [user] = await db.query(
    `INSERT INTO users (username, email, password_hash) VALUES ('bench_solver', 'solver@example.test', 'x')
     RETURNING id`,
  )
  await db.query(
    `INSERT INTO puzzle_ratings (user_id, rating, deviation, volatility, played) VALUES ($1, 1500, 80, 0.06, 500)`,
    [user.id],
  )
  await db.query(
    `INSERT INTO puzzle_attempts (user_id, puzzle_id, solved, change)
     SELECT $1, id, true, 0 FROM puzzles ORDER BY abs(rating - 1500) LIMIT 500`,
    [user.id],
  )
  await db.query('ANALYZE')
  return { id: user.id, role: 'student', username: 'bench_solver' }
}

const CASES = (player) => [
  { what: 'visitor, normal', actor: undefined, query: {} },
  { what: 'player (500 played near the rating), normal', actor: player, query: {} },
  { what: 'player, harder, theme fork', actor: player, query: { difficulty: 'harder', theme: 'fork' } },
  { what: 'visitor, theme backRankMate', actor: undefined, query: { theme: 'backRankMate' } },
]

const NOBODY = '00000000-0000-0000-0000-000000000000'
const OFFSET = { easier: -300, normal: 0, harder: 300 }

/**
 * The database's own time for the first window's query (EXPLAIN ANALYZE's execution time, without the round trip and
 * the client), p50 and p99: on a busy machine the request's p99 is mostly the wait for a core.
 */
async function executionTime(db, nextSql, c, runs) {
  const aim = 1500 + OFFSET[c.query.difficulty ?? 'normal']
  const sql = `EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${nextSql(Boolean(c.query.theme))}`
  const ms = []
  for (let i = 0; i < runs; i++) {
    const pivot = aim + (Math.random() * 2 - 1) * 100
    const params = [
      pivot,
      aim - 100,
      aim + 100,
      '',
      c.actor?.id ?? NOBODY,
      ...(c.query.theme ? [c.query.theme] : []),
    ]
    const [row] = await db.query(sql, params)
    const plan = row['QUERY PLAN']
    ms.push((typeof plan === 'string' ? JSON.parse(plan) : plan)[0]['Execution Time'])
  }
  ms.sort((a, b) => a - b)
  const at = (q) => round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))], 2)
  return { dbP50ms: at(0.5), dbP99ms: at(0.99) }
}

async function time(next, db, c, runs) {
  const ms = []
  for (let i = 0; i < 20; i++) await next(db, c.actor, c.query)
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint()
    await next(db, c.actor, c.query)
    ms.push(Number(process.hrtime.bigint() - t) / 1e6)
  }
  ms.sort((a, b) => a - b)
  const at = (q) => round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))], 2)
  return { p50ms: at(0.5), p99ms: at(0.99) }
}

/** The plan of one request's first window, as PostgreSQL or PGlite makes it. */
async function plan(db, sql, params) {
  const rows = await db.query(`EXPLAIN (COSTS OFF) ${sql}`, params)
  return rows.map((r) => r['QUERY PLAN']).join('\n')
}

async function figuresOn(database, db, modules, count, runs) {
  const { migrate } = modules
  const { next, nextSql } = modules.puzzles
  await migrate(db)
  const t0 = Date.now()
  const player = await fill(db, count, modules.themes)
  log(`puzzles: ${count} puzzles on ${database} in ${Date.now() - t0} ms`)
  const rows = []
  const params = (theme) => [1520, 1400, 1600, '', player.id, ...(theme ? ['fork'] : [])]
  const plans = {
    indexed: await plan(db, nextSql(false), params(false)),
    indexedTheme: await plan(db, nextSql(true), params(true)),
  }
  for (const c of CASES(player))
    rows.push({
      database,
      index: 'yes',
      what: c.what,
      ...(await time(next, db, c, runs)),
      ...(await executionTime(db, nextSql, c, runs)),
    })
  await db.exec('DROP INDEX puzzles_rating_idx; DROP INDEX puzzle_themes_theme_rating_idx')
  await db.query('ANALYZE')
  plans.baseline = await plan(db, nextSql(false), params(false))
  plans.baselineTheme = await plan(db, nextSql(true), params(true))
  for (const c of CASES(player))
    rows.push({
      database,
      index: 'no (baseline)',
      what: c.what,
      ...(await time(next, db, c, Math.ceil(runs / 5))),
      ...(await executionTime(db, nextSql, c, Math.ceil(runs / 5))),
    })
  return { rows, plans }
}

export async function puzzleFigures({ count = PUZZLE_COUNT, withPostgres = true, runs = 500 } = {}) {
  register()
  const modules = {
    db: await import('../server/db/db.ts'),
    migrate: (await import('../server/db/migrate.ts')).migrate,
    puzzles: await import('../server/services/puzzles/puzzles.ts'),
    themes: (await import('../domain/chess/puzzles.ts')).PUZZLE_THEMES,
  }
  const out = { count, loadAverage: loadavg().map((n) => round(n, 1)), rows: [], plans: {} }
  const pgUrl = withPostgres ? await postgresUrl() : undefined
  if (pgUrl) {
    const name = `coe_bench_puzzles_${randomBytes(4).toString('hex')}`
    const admin = await modules.db.openPostgres(pgUrl, 1)
    await admin.exec(`CREATE DATABASE ${name}`)
    const url = new URL(pgUrl)
    url.pathname = `/${name}`
    const db = await modules.db.openPostgres(url.href, 2)
    try {
      const { rows, plans } = await figuresOn('postgres', db, modules, count, runs)
      out.rows.push(...rows)
      out.plans.postgres = plans
    } finally {
      await db.close()
      await admin.exec(`DROP DATABASE IF EXISTS ${name}`)
      await admin.close()
    }
  }
  const lite = await modules.db.openPglite('memory://')
  try {
    const { rows, plans } = await figuresOn('pglite', lite, modules, count, runs)
    out.rows.push(...rows)
    out.plans.pglite = plans
  } finally {
    await lite.close()
  }
  return out
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2)
  const countIdx = args.indexOf('--puzzles')
  const result = await puzzleFigures({
    count: countIdx >= 0 ? Number(args[countIdx + 1]) : PUZZLE_COUNT,
    withPostgres: !args.includes('--no-postgres'),
  })
  console.table(result.rows)
  for (const [database, plans] of Object.entries(result.plans))
    for (const [kind, text] of Object.entries(plans)) console.log(`\n${database}, ${kind}:\n${text}`)
}

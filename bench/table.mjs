// The printed report: one markdown table per figure family, and the performance goals beside this run's figures.
import { LIGHTHOUSE_RUNS } from './lighthouse.mjs'

function table(title, rows, cols) {
  if (!rows?.length) return ''
  const head = cols.map((c) => c[0])
  const body = rows.map((r) => cols.map(([, f]) => String(typeof f === 'function' ? f(r) : (r[f] ?? '-'))))
  const w = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)))
  const line = (cells) =>
    '| ' + cells.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join(' | ') + ' |'
  return [
    `\n${title}`,
    line(head),
    '|' + w.map((n, i) => (i === 0 ? ':' : '') + '-'.repeat(n + 1) + (i === 0 ? '' : ':')).join('|') + '|',
    ...body.map(line),
  ].join('\n')
}

/**
 * `npm start`'s idle RSS on `dataDir` ('emptyDataDir' or 'existingDataDir') as "median (peak)"; the median alone from
 * a results file older than the peak; '-' when not measured.
 */
function idleFigure(results, dataDir) {
  const median = results.coldStart?.[`${dataDir}IdleRssMB`]
  const peak = results.coldStart?.[`${dataDir}IdlePeakRssMB`]
  if (median == null) return '-'
  return peak == null ? String(median) : `${median} (${peak})`
}

/**
 * The performance goals in one table: the baseline measured before the work on them (the code of that day, on this
 * machine), the goal, and what this run measured.
 */
function goalsTable(results) {
  const courseCount = results.settings.courses
  const visit = (route) => results.firstVisit.find((r) => r.route === route)
  const lh = (route) => results.lighthouse.find((r) => r.route === route && r.preset === 'mobile')
  const lhText = (r) => (r ? `${r.score} (LCP ${r.lcpMs} ms; runs ${r.lcpRange})` : 'not run')
  const row = (db, match, connections) =>
    results.server[db]?.endpoints.find((e) => match(e.endpoint) && e.connections === connections)
  const p99 = (db, match, connections) => row(db, match, connections)?.p99ms ?? '-'
  const firstPage = (e) => e.startsWith('GET /api/courses?limit=20')
  const search = (e) => e.startsWith('GET /api/courses?q=sicilian&limit=20 (')
  const searchNotKept = (e) => e.startsWith('GET /api/courses?q=sicilian&limit=20&maxPrice')
  const demoRow = (db, logLevel, page) =>
    results.server.demoList?.find(
      (r) =>
        r.database === db &&
        r.logLevel === logLevel &&
        r.endpoint.startsWith(page ? 'GET /api/courses?limit=20 (demo data' : 'GET /api/courses (demo data'),
    )
  const ratio = (db, logLevel = 'default (info)', page = false) => {
    const row = demoRow(db, logLevel, page)
    return row
      ? `${row.ratio}${row.pairRatios ? ` (${row.pairRatios.join(', ')})` : ''}, p99 ${row.p99ms}` +
          (row.cpuUsPerRequest != null
            ? `, CPU ${row.cpuUsPerRequest} µs/req (bare ${row.bareCpuUsPerRequest})`
            : '')
      : '-'
  }
  const loadRatio = (db, match) => {
    const r = row(db, match, 50)
    return r ? `${r.ratio}, p99 ${r.p99ms}` : '-'
  }
  const existing = results.coldStart?.existingData
  return table(
    `Performance goals: figures before the work, the goals, this run (${courseCount} courses seeded)`,
    [
      {
        figure: '/home, /courses first-visit JS as downloaded (KB)',
        before: '154.4 / 135.2',
        goal: '<= 130 / <= 111',
        now: `${visit('/home')?.jsWireKB ?? '-'} / ${visit('/courses')?.jsWireKB ?? '-'}`,
      },
      {
        figure: 'Lighthouse mobile /home (LCP)',
        before: '95 (LCP 2,600 ms) demo data',
        goal: '100, LCP <= 1,500 ms',
        now: lhText(lh('/home')),
      },
      {
        figure: 'Lighthouse mobile /courses (LCP)',
        before: '95 (LCP 2,400 ms) demo data; 86 with 2,000 courses',
        goal: '100 demo data; >= 95 with 10,000 courses',
        now: lhText(lh('/courses')),
      },
      {
        figure: 'first page of the catalogue, API p99 at 50 connections, PostgreSQL (ms)',
        before: '-',
        goal: '<= 20',
        now: p99('postgres', firstPage, 50),
      },
      {
        figure:
          "spec's GET /api/courses, demo data, at 50 connections, npm start's default log level, ratio to bare node:http (median of 5 pairs), PGlite / PostgreSQL",
        before: '0.30 (PGlite, npm start as shipped, by hand)',
        goal: '>= 0.6; p99 <= 10',
        now: `${ratio('pglite')} / ${ratio('postgres')}`,
      },
      {
        figure: `the catalogue's first page (?limit=20) over the ${courseCount} courses seeded, at 50 connections, ratio to bare; p99 (ms), PGlite / PostgreSQL`,
        before: '-',
        goal: '>= 0.5 (10,000 courses); p99 <= 10',
        now: `${loadRatio('pglite', firstPage)} / ${loadRatio('postgres', firstPage)}`,
      },
      {
        figure: 'the same at LOG_LEVEL=warn (no request log), PGlite / PostgreSQL',
        before: '0.58 (PGlite, three pairs by hand)',
        goal: '>= 0.8',
        now: `${ratio('pglite', 'warn')} / ${ratio('postgres', 'warn')}`,
      },
      {
        figure: "search 'sicilian', p99 at 10 and 50 connections, PostgreSQL; PGlite (ms)",
        before: '- (no search)',
        goal: '<= 30',
        now: `${p99('postgres', search, 10)}, ${p99('postgres', search, 50)}; ${p99('pglite', search, 10)}, ${p99('pglite', search, 50)}`,
      },
      {
        figure:
          'the same search not kept (each request a key of its own), p99 at 10 and 50, PostgreSQL; PGlite (ms)',
        before: '- (no search)',
        goal: '<= 30',
        now: `${p99('postgres', searchNotKept, 10)}, ${p99('postgres', searchNotKept, 50)}; ${p99('pglite', searchNotKept, 10)}, ${p99('pglite', searchNotKept, 50)}`,
      },
      {
        figure: 'cold start to /api/health, existing data (ms)',
        before: '1,700',
        goal: '<= 800',
        now: existing ? existing.compiledMs : '-',
      },
      {
        figure: `server RSS after the load over the ${courseCount} courses seeded, PGlite; the node process on PostgreSQL (MB)`,
        before: '526; -',
        goal: '<= 300 (10,000 courses); <= 160',
        now: `${results.server.pglite?.rssMBAfterLoad ?? '-'}; ${results.server.postgres?.rssMBAfterLoad ?? '-'}`,
      },
      {
        figure: 'a 50 MB upload, growth of the server RSS: to S3 (s3rver), each run; to the local disk (MB)',
        before: '31-35 (S3, loaded machine); 8-11',
        goal: '< 30 (S3)',
        now: results.upload
          ? `${results.upload.s3.map((u) => u.growthMB).join(', ')}; ${results.upload.local.growthMB}`
          : '-',
      },
    ],
    [
      ['figure', 'figure'],
      ['before', 'before'],
      ['goal', 'goal'],
      ['this run', 'now'],
    ],
  )
}

/** The whole report of a run's `results` (as written to bench/results/bench.json), as printed. */
export function report(results) {
  const duration = results.settings.loadSeconds
  return [
    `Chess Online Education benchmark, ${results.date}, ${results.machine.cpus} CPU ${results.machine.cpu}, Node ${results.machine.node}, load average at start ${results.machine.loadAverageAtStart.join(' ')}`,
    table(
      'First visit (JS as downloaded: bodies as sent, brotli, plus headers; and each body gzipped at level 9)',
      results.firstVisit,
      [
        ['route', 'route'],
        ['JS KB as downloaded', 'jsWireKB'],
        ['JS KB gzip', 'jsGzipKB'],
        ['CSS KB', 'cssGzipKB'],
        ['JS raw KB', 'jsRawKB'],
        ['JS files', 'jsFiles'],
      ],
    ),
    table(`Lighthouse (performance), median of ${LIGHTHOUSE_RUNS} runs`, results.lighthouse, [
      ['route', 'route'],
      ['preset', 'preset'],
      ['score', 'score'],
      ['scores', 'scores'],
      ['LCP ms', 'lcpMs'],
      ['LCP ms, each run', 'lcpRange'],
      ['TBT ms', 'tbtMs'],
      ['CLS', 'cls'],
    ]),
    table('Student: courses -> modules -> courses -> modules -> courses', results.navigation, [
      ['view', 'view'],
      ['API data requests', 'apiRequests'],
      ['video requests', 'mediaRequests'],
      ['script/asset requests', 'otherRequests'],
      ['click to view ms', (r) => r.clickToViewMs ?? '-'],
    ]),
    results.moduleUpdate
      ? table(
          `Instructor 'Update Module' (server answer delayed ${results.moduleUpdate.addedLatencyMs} ms)`,
          [results.moduleUpdate],
          [
            ['click to list shows change ms', 'clickToListMs'],
            ['server answer ms', 'serverAnswerMs'],
            ['optimistic', 'optimistic'],
          ],
        )
      : '',
    results.engine
      ? table(
          'Practice engine (a level chosen on /home; gzip level 9)',
          [
            {
              what: `engine files fetched (${results.engine.files.length})`,
              v: `${results.engine.gzipKB} KB gzip, ${results.engine.rawKB} KB raw`,
            },
            { what: 'choosing a level to engine ready (ms)', v: results.engine.startMs },
            ...results.engine.firstReply.map((r) => ({
              what: `Level ${r.level}: 1. e4 to 'AI moved.' (ms)`,
              v: r.ms,
            })),
          ],
          [
            ['figure', 'what'],
            ['value', 'v'],
          ],
        )
      : '',
    results.analysis
      ? table(
          `Analysis board (/analysis, first visit; the report searches each of a 40-move game's ${results.analysis.plies + 1} positions for ${results.analysis.nodes} nodes, one thread, from a cleared hash)`,
          [
            {
              what: 'navigation to the first evaluation on the bar (ms)',
              v: results.analysis.navigationToEvaluationMs,
            },
            {
              what: "'Engine' clicked to the first evaluation (ms)",
              v: results.analysis.clickToEvaluationMs,
            },
            { what: "the 40-move game's report, click to table (ms)", v: results.analysis.reportMs },
            {
              what: 'baseline: the same searches, same engine and wrapper, in Node (ms)',
              v: results.analysis.nodeBaselineMs,
            },
            { what: 'report / baseline', v: results.analysis.ratio },
          ],
          [
            ['figure', 'what'],
            ['value', 'v'],
          ],
        )
      : '',
    results.engineThreads
      ? table(
          `The analysis engine by build: the depth reached in ${results.engineThreads.seconds} s (depth/selective depth) and thousands of nodes a second, on a cross-origin-isolated page (${results.engineThreads.cores} cores, load average ${results.engineThreads.loadAverage.join(' to ')}; the multi-threaded build with a ${results.engineThreads.hashMb} MB hash, the single one with its default)`,
          results.engineThreads.rows,
          [
            ['engine', 'engine'],
            [`${results.engineThreads.positions[0]}: depth`, 'depth0'],
            ['kN/s', 'knps0'],
            [`${results.engineThreads.positions[1]}: depth`, 'depth1'],
            ['kN/s', 'knps1'],
          ],
        )
      : '',
    results.puzzles
      ? table(
          `The next puzzle among ${results.puzzles.count} (the service's query, one request after another, and the database's own execution time of its first window; load average ${results.puzzles.loadAverage.join(' ')}); the baseline is the same query with the rating indexes dropped`,
          results.puzzles.rows,
          [
            ['database', 'database'],
            ['index', 'index'],
            ['request', 'what'],
            ['p50 ms', 'p50ms'],
            ['p99 ms', 'p99ms'],
            ['database p50 ms', 'dbP50ms'],
            ['database p99 ms', 'dbP99ms'],
          ],
        )
      : '',
    results.logging
      ? table(
          `The request log's cost: the same 70 KB JSON at 50 connections by where the log's lines go, median of ${results.logging.rounds} rounds of ${results.logging.duration} s`,
          results.logging.rows,
          [
            ['log lines', 'variant'],
            ['req/s', 'rps'],
            ['p99 ms', 'p99'],
            ['ratio to none', 'ratio'],
            ['req/s each round', 'rounds'],
            ['lines logged', 'logged'],
          ],
        )
      : '',
    table(
      `Server load (autocannon, ${duration} s each; servers as npm start runs them: its flags, default settings, the request log at info to a file, unless a row says otherwise; bare = node:http sending the same bytes: status, headers, body; CPU µs/req = the server process's CPU time, all its threads, over the requests it answered)`,
      [
        ...(results.server.pglite?.endpoints ?? []),
        ...(results.server.postgres?.endpoints ?? []),
        ...(results.server.demoList ?? []),
      ],
      [
        ['db / endpoint', (r) => `${r.database} ${r.endpoint}`],
        ['conns', 'connections'],
        ['rps', 'rps'],
        ['p50 ms', 'p50ms'],
        ['p99 ms', 'p99ms'],
        ['bare rps', 'bareRps'],
        ['bare p50', 'bareP50ms'],
        ['bare p99', 'bareP99ms'],
        ['ratio', 'ratio'],
        ['CPU µs/req', 'cpuUsPerRequest'],
        ['bare CPU µs/req', 'bareCpuUsPerRequest'],
        ['non-2xx', 'non2xx'],
      ],
    ),
    table(
      'Server memory and start',
      [
        { what: 'RSS after load, PGlite (MB)', v: results.server.pglite?.rssMBAfterLoad },
        { what: 'RSS after load, PostgreSQL (MB)', v: results.server.postgres?.rssMBAfterLoad },
        { what: 'RSS 10 s after the load, PGlite (MB)', v: results.server.pglite?.rssMBIdle },
        { what: 'RSS 10 s after the load, PostgreSQL (MB)', v: results.server.postgres?.rssMBIdle },
        { what: 'npm start to /api/health, empty DATA_DIR (ms)', v: results.coldStart?.emptyDataDirMs },
        { what: 'npm start to /api/health, existing DATA_DIR (ms)', v: results.coldStart?.existingDataDirMs },
        {
          what: 'npm start idle, RSS 20-30 s after listening, median (peak): first start with the demo data (MB)',
          v: idleFigure(results, 'emptyDataDir'),
        },
        {
          what: 'npm start idle, RSS 20-30 s after listening, median (peak): on its existing data (MB)',
          v: idleFigure(results, 'existingDataDir'),
        },
        {
          what: 'cold start to /api/health, existing data: compiled (tsx loader), median of 5 (ms)',
          v: results.coldStart?.existingData
            ? `${results.coldStart.existingData.compiledMs} (${results.coldStart.existingData.tsxMs})`
            : undefined,
        },
      ],
      [
        ['figure', 'what'],
        ['value', 'v'],
      ],
    ),
    goalsTable(results),
    ...results.notes.map((n) => `\nnote: ${n}`),
    '\nwritten to bench/results/bench.json',
  ].join('\n')
}

// The Node flags the server runs with. package.json's `start` script gives them to node (`npm start`), and what starts
// the compiled server the way production does (the browser journeys, the bench, the trust suite's processes) reads
// them from there, so the two cannot drift apart.
//
// --optimize-for-size, --max-semi-space-size=4 and --heap-growing-percent=25 (below) are memory against CPU, chosen
// by the bench (docs/performance.md, "Start-up and memory"). `npm run bench -- --no-lighthouse --no-postgres
// --courses 10000`, the code before them and after, the same afternoon: the server held 212 MB after the load over
// 10,000 courses instead of 244 (with PGlite's cache at 8 MB instead of 16, server/config.ts), `npm start` idle 151
// and 153 MB instead of 155 and 162; the spec's list on the demo data 0.64 of bare instead of 0.67 (29 µs of server
// CPU per answer both), the catalogue's first page 0.51 instead of 0.58 (39 µs against 36), over 10,000 courses 0.79
// instead of 0.58 (41 µs against 56): within this machine's run-to-run spread, which the goals (0.6 and 0.5) are not
// far above. One at a time (the bench's seeding and load, one run each): 244 MB after the load as before; 232 with
// 4 MB semi-spaces; 227 with the cache at 8 MB too; 214 with growing at 25% too, or 202 with --optimize-for-size
// instead; 199 with all four.
//
// --optimize-for-size: V8 favours memory over speed where it has the choice (a young generation that starts smaller,
// code not run lately flushed sooner, among others).
//
// --max-semi-space-size=4: V8's young generation grows to 3 x 16 MB under load by default, and keeps it. At 2 MB (a
// setting once shipped) a scavenge came every few milliseconds under load, often enough that the objects of the
// requests in flight lived through two of them and were moved to the old generation, which then needed a full
// collection four times a second (`--trace-gc`, the spec's list at 50 connections: 42 Mark-Compacts in a run against
// 22 at 8 MB). Server CPU per kept list answer then, interleaved runs with the server pinned to one core and the load
// to the other: 59-66 µs at 2 MB, 61-65 at 4, 65-68 at 6, 47-60 at 8 (8 MB shipped until the run above).
//
// --wasm-tiering-budget=1000000000 (V8's default: 1,800,000): PGlite's WebAssembly runs first as V8's quickly made
// baseline code, and a function that has run for this budget is compiled again by the optimizing compiler, on V8's
// background threads. At the default, those compiles took about 0.3 s of CPU while the server started, on a 2-core
// machine where the start needs both cores; at 20,000,000 some still did (PGlite's own start and the first
// statements reach it). At 1,000,000,000 none does: alternating starts on existing data took 674-943 ms (0.84-1.17 s
// of CPU) instead of 943-1,074 (1.30-1.53 s) at 20,000,000, and the bench's cold start 772 instead of 869. A load
// repeats its functions far past the budget within seconds: 40-second loads of progress writes and reads and of
// searches never kept ran as fast from their first seconds on, within this machine's noise.
// --heap-growing-percent=25: after a major garbage collection V8 lets each heap grow to 1.25 times what survived
// before the next one, instead of a factor it picks between 1.1 and 4 (high when collecting is fast, as under a
// load). At 50 (shipped before) the server held 297 MB after the bench's load over 10,000 courses instead of 315-372
// at V8's own factor (three runs); 25 took 13 MB more off (above), for more frequent full collections.
// --v8-pool-size=1 (Node's default: 4): V8's background work (concurrent and parallel parts of garbage collection,
// compiles off the main thread) runs on one thread. glibc's malloc gives each thread that allocates its own arena, and
// each of V8's threads kept ~20 MB there after the bench's load over 10,000 courses, most of it free but still
// resident (malloc_info, read with gdb after the load: 100 MB in the arenas, 80 MB of it free, with four threads; 66
// MB with one). The server held 250 MB after that load instead of 284-300 (266 with two threads); the load's figures,
// the spec's course list's ratio to bare and the cold start (350 vs 365 ms, alternating) stayed within this machine's
// noise. The server's work is on its main thread and PGlite's, so a second core is still in use.
import { readFileSync } from 'node:fs'

/** The `--` flags before `scripts/start.mjs` in package.json's start script. */
export function serverNodeFlags() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  const words = String(pkg.scripts.start).split(/\s+/)
  return words.slice(1, words.indexOf('scripts/start.mjs')).filter((w) => w.startsWith('--'))
}

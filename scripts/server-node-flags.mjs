// The Node flags the server runs with. package.json's `start` script gives them to node (`npm start`), and what starts
// the compiled server the way production does (the browser journeys, the bench, the trust suite's processes) reads
// them from there, so the two cannot drift apart.
//
// --max-semi-space-size=2: V8's young generation grows to 3 x 16 MB under load by default, and keeps it. With 2 MB
// semi-spaces the server's resident memory after the bench's load over 10,000 courses was 253-269 MB instead of
// 305-338 (issue 14's goal is 300), for about 3% more CPU per cached answer and ~10% longer cold start (more scavenges
// while the modules load).
//
// --wasm-tiering-budget=20000000 (V8's default: 1,800,000): PGlite's WebAssembly runs first as V8's quickly made
// baseline code, and a function that has run for this budget is compiled again by the optimizing compiler, on V8's
// background threads. At the default, those compiles took about 0.3 s of CPU while the server started, on a 2-core
// machine where the start needs both cores; with this budget a start on existing data took ~1,190 ms instead of
// ~1,340 (alternating starts), and a load of searches that are never kept ran as fast (the functions a load
// repeats reach the budget within its first seconds).
import { readFileSync } from 'node:fs'

/** The `--` flags before `scripts/start.mjs` in package.json's start script. */
export function serverNodeFlags() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  const words = String(pkg.scripts.start).split(/\s+/)
  return words.slice(1, words.indexOf('scripts/start.mjs')).filter((w) => w.startsWith('--'))
}

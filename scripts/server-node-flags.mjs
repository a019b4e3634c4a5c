// The Node flags the server runs with. package.json's `start` script gives them to node (`npm start`), and what starts
// the compiled server the way production does (the browser journeys, the bench, the trust suite's processes) reads
// them from there, so the two cannot drift apart.
//
// --max-semi-space-size=2: V8's young generation grows to 3 x 16 MB under load by default, and keeps it. With 2 MB
// semi-spaces the server's resident memory after the bench's load over 10,000 courses was 253-269 MB instead of
// 305-338 (issue 14's goal is 300), for about 3% more CPU per cached answer and ~10% longer cold start (more scavenges
// while the modules load).
import { readFileSync } from 'node:fs'

/** The `--` flags before `scripts/start.mjs` in package.json's start script. */
export function serverNodeFlags() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  const words = String(pkg.scripts.start).split(/\s+/)
  return words.slice(1, words.indexOf('scripts/start.mjs')).filter((w) => w.startsWith('--'))
}

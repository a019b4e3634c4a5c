// Two bugs of the V8 and Node releases we support, met where PGlite runs, and the V8 settings that keep clear of them.
// Both are set before PGlite starts (server/db/db.ts, server/db/pgliteThread.ts): V8 reads them as it goes.
//
// 1. V8 13 (Node 24's) can free a WebAssembly import wrapper twice, and then aborts the process ("Check failed: end >
//    addr" or "jit_page_->allocations_.erase(addr) == 1" in ThreadIsolation::UnregisterWasmAllocation) or crashes. When
//    an instance dies, its wrappers go to V8's collector of WebAssembly code, which marks them dying and frees them once
//    every thread has said it no longer runs them; a wrapper that another instance takes from V8's process-wide cache
//    meanwhile (its calls to a JavaScript import moving to compiled code) is handed out although it is dying, and freed a
//    second time. PGlite's instances are such instances (each test database, the server's thread and its renewal), and so
//    are the HTTP parsers of Node's fetch. V8 fixed the lookup after 13.6 ("[wasm] Fix lookup of wrappers marked
//    is_dying", crbug 409379692); Node 24 stays on 13.6 and no release of it has the fix, Node 26's V8 (14.6) has it.
//
//    Where the process runs V8 13, the collector of WebAssembly code is turned off before the first PGlite starts
//    (`--no-wasm-code-gc`: V8 reads it each time code dies, so setting it while running works). Nothing is then marked
//    dying, and nothing freed twice. The cost: code no longer used stays in memory until its module goes (on Node 20,
//    where the collector stays on, it freed about 1 MB of PGlite's code over a first start and 30 s idle).
//    docs/testing.md ("CI") has the failures this caused and the measurements.
//
// 2. A thread that ends can wait forever (nodejs/node#54918, open). As a thread ends, Node waits for every task on V8's
//    background threads to finish (NodePlatform::DrainTasks), while not running any of its own. A compile on a
//    background thread (Maglev's code, Sparkplug's batches) that needs the ending thread's heap collected first waits
//    for that thread, which waits for it. Seen in a whole CI run here on Node 24.22.3: a first start's renewal of
//    PGlite's thread never ended, its thread in DrainTasks and V8's one background thread (`--v8-pool-size=1`) in a
//    Maglev compile waiting for a collection (CollectionBarrier::AwaitCollectionBackground). `npm start`'s
//    `--optimize-for-size` makes such waits likelier: a heap at its limit then refuses a background thread's
//    allocation instead of growing. Where V8 has Maglev on (12 and later: Node 22, 24, 26; Node 20's has it and
//    Sparkplug's background compiles off), Maglev builds its code and deoptimization data on the thread that runs the
//    code, and Sparkplug compiles there too: the compiles seen waiting so no longer allocate on a heap from a
//    background thread. Not brought back on purpose here, so this rests on the stacks and V8's code, not on a count
//    of runs.
import { setFlagsFromString } from 'node:v8'

const major = (version) => Number(version.split('.')[0])

/** Whether V8 `version` (process.versions.v8's form) frees dying import wrappers twice. */
export function freesDyingWrappersTwice(version = process.versions.v8) {
  return major(version) === 13
}

/** Whether V8 `version` compiles on background threads into a heap (Maglev's code, Sparkplug's batches). */
function compilesIntoHeapsInBackground(version = process.versions.v8) {
  return major(version) >= 12
}

let applied

/**
 * Sets, once per process and before PGlite starts, the V8 settings that keep clear of the two bugs above where the
 * running V8 has them. Answers what it set.
 */
export function applyV8Workarounds() {
  if (applied) return applied
  applied = []
  if (freesDyingWrappersTwice()) applied.push('--no-wasm-code-gc')
  if (compilesIntoHeapsInBackground())
    applied.push(
      '--no-maglev-build-code-on-background',
      '--no-maglev-deopt-data-on-background',
      '--no-concurrent-sparkplug',
    )
  for (const flag of applied) setFlagsFromString(flag)
  return applied
}

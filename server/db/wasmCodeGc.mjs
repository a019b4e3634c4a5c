// V8 13 (Node 24's) can free a WebAssembly import wrapper twice, and then aborts the process ("Check failed: end >
// addr" or "jit_page_->allocations_.erase(addr) == 1" in ThreadIsolation::UnregisterWasmAllocation) or crashes. When
// an instance dies, its wrappers go to V8's collector of WebAssembly code, which marks them dying and frees them once
// every thread has said it no longer runs them; a wrapper that another instance takes from V8's process-wide cache
// meanwhile (its calls to a JavaScript import moving to compiled code) is handed out although it is dying, and freed a
// second time. PGlite's instances are such instances (each test database, the server's thread and its renewal), and so
// are the HTTP parsers of Node's fetch. V8 fixed the lookup after 13.6 ("[wasm] Fix lookup of wrappers marked
// is_dying", crbug 409379692); Node 24 stays on 13.6 and no release of it has the fix, Node 26's V8 (14.6) has it.
//
// Where the process runs V8 13, the collector of WebAssembly code is turned off before the first PGlite starts
// (`--no-wasm-code-gc`: V8 reads it each time code dies, so setting it while running works). Nothing is then marked
// dying, and nothing freed twice. The cost: code no longer used stays in memory until its module goes (on Node 20,
// where the collector stays on, it freed about 1 MB of PGlite's code over a first start and 30 s idle).
// docs/testing.md ("CI") has the failures this caused and the measurements.
import { setFlagsFromString } from 'node:v8'

/** Whether V8 `version` (process.versions.v8's form) frees dying import wrappers twice. */
export function freesDyingWrappersTwice(version = process.versions.v8) {
  return /^13\./.test(version)
}

let off = false

/**
 * Turns V8's collector of WebAssembly code off where it frees import wrappers twice (V8 13); once per process, before
 * PGlite starts. Answers whether it is off.
 */
export function avoidWrapperDoubleFree() {
  if (!off && freesDyingWrappersTwice()) {
    setFlagsFromString('--no-wasm-code-gc')
    off = true
  }
  return off
}

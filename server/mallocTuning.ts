// How the server's memory allocator keeps what the process frees, on Linux with glibc (Debian, Ubuntu, Fedora and
// their containers; not Alpine's musl, macOS or Windows, where this does nothing).
//
// glibc's malloc serves a block below its mmap threshold from an arena, and keeps what is freed there for the next
// blocks: memory freed but still resident. The threshold starts at 128 KB and rises to the largest block freed so far
// (up to 32 MB), so that after the first start most of what V8 and PGlite's thread allocate outside their heaps (V8's
// scratch memory for each compile, 8-32 KB segments, 2.4 GB of them over the bench's seeding and load; the buffers of
// requests and answers) comes from the arenas and stays there once freed: 54 MB of free chunks after the bench's load
// over 10,000 courses (docs/performance.md, "Start-up and memory"). With the threshold fixed at 16 KB
// (`mallopt(M_MMAP_THRESHOLD)`, which also stops it rising), such blocks are mapped on their own when the arena has no
// free chunk left to serve them, and given back to the system when freed. glibc reads the same setting from
// MALLOC_MMAP_THRESHOLD_ at the process's start, which `npm start` cannot set on every platform without a second
// process; mallopt is a call, made through koffi (a prebuilt foreign-function library) once the server listens
// (server/serve.ts): set before the start, it made the start 0.8 s longer (PGlite's WebAssembly compiled in blocks each
// mapped and unmapped on its own).
//
// Below the threshold, what is freed stays in the arenas: glibc gives back only the free memory at an arena's top,
// never the free pages between blocks still in use. glibc's malloc_trim gives those back too, and the server calls it
// every second (MALLOC_TRIM_EVERY_MS): after the bench's load over 10,000 courses the server held 190 MB instead of
// 198-200 (docs/performance.md, "Start-up and memory"), each call taking 0.22 ms on average and 0.97 ms at most over
// that load. Before the threshold was fixed, the arenas held 54 MB of free chunks after that load and a call took
// up to 35 ms: the wait before the next call grows with the time the last one took, so that trimming never takes more
// than 1% of the main thread.
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'

/** glibc's mallopt parameter for the mmap threshold (malloc.h). */
const M_MMAP_THRESHOLD = -3
/** Blocks from this size up are mapped on their own and unmapped when freed. */
export const MMAP_THRESHOLD_BYTES = 16 * 1024
/** How often, at most, the arenas' free pages are given back to the system (glibc's malloc_trim). */
export const MALLOC_TRIM_EVERY_MS = 1000
/** The wait before the next trim is at least this many times what the last one took (at most 1% of the thread). */
const TRIM_SPACING = 100

export type MallocTuning =
  { applied: true; mmapThresholdBytes: number; trimEveryMs: number } | { applied: false; reason: string }

/** The trims' timer, once started: one per process, however often tuneMalloc is called. */
let trimming: NodeJS.Timeout | undefined

/** Calls `trim` every MALLOC_TRIM_EVERY_MS, or less often when a call takes more than 1% of that (TRIM_SPACING). */
function trimRegularly(trim: () => void): void {
  if (trimming) return
  const after = (delay: number) => {
    trimming = setTimeout(() => {
      const started = performance.now()
      trim()
      after(Math.max(MALLOC_TRIM_EVERY_MS, (performance.now() - started) * TRIM_SPACING))
    }, delay).unref()
  }
  after(MALLOC_TRIM_EVERY_MS)
}

/**
 * Fixes glibc's mmap threshold at MMAP_THRESHOLD_BYTES for the whole process (every thread, from this call on) and
 * gives the arenas' free pages back to the system every MALLOC_TRIM_EVERY_MS, unless the environment already sets the
 * threshold (MALLOC_MMAP_THRESHOLD_, or GLIBC_TUNABLES naming it: the operator's choice wins, and the allocator is
 * left to it) or the system's C library is not glibc. Never throws: the server runs as before when it cannot.
 */
export function tuneMalloc(env: NodeJS.ProcessEnv = process.env): MallocTuning {
  if (env.MALLOC_MMAP_THRESHOLD_ !== undefined || /mmap_threshold/.test(env.GLIBC_TUNABLES ?? ''))
    return { applied: false, reason: 'the environment sets the mmap threshold' }
  if (process.platform !== 'linux') return { applied: false, reason: 'the C library is not glibc' }
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi')
    // glibc's name on Linux (musl's is another); gnu_get_libc_version is glibc's own
    const libc = koffi.load('libc.so.6')
    try {
      libc.func('const char *gnu_get_libc_version()')
    } catch {
      return { applied: false, reason: 'the C library is not glibc' }
    }
    const mallopt = libc.func('int mallopt(int, int)') as (param: number, value: number) => number
    // mallopt answers 1 when it took the value, 0 when not
    if (mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES) !== 1)
      return { applied: false, reason: 'glibc refused the mmap threshold' }
    // (its argument: how much free memory to leave at the top of the main arena)
    const mallocTrim = libc.func('int malloc_trim(size_t)') as (pad: number) => number
    trimRegularly(() => mallocTrim(0))
    return { applied: true, mmapThresholdBytes: MMAP_THRESHOLD_BYTES, trimEveryMs: MALLOC_TRIM_EVERY_MS }
  } catch (err) {
    return { applied: false, reason: `koffi could not call mallopt: ${(err as Error).message}` }
  }
}

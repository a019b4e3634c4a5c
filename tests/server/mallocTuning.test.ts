// server/mallocTuning.ts fixes glibc's mmap threshold at 16 KB for the server's process: a block of that size or more
// is then mapped on its own (and given back when freed) instead of coming from an arena that keeps it. The smaller
// blocks' free pages are given back every second (malloc_trim).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, describe, expect, it } from 'vitest'
import { MALLOC_TRIM_EVERY_MS, MMAP_THRESHOLD_BYTES, tuneMalloc } from '../../server/mallocTuning'
import { glibcVersion as glibc } from '../helpers/glibc'

const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi')
/** The C library, through koffi as the server's tuning calls it (loaded on first use: on glibc only). */
let loaded: ReturnType<typeof koffi.load> | undefined
const libc = () => (loaded ??= koffi.load('libc.so.6'))

/** glibc's mallinfo2 (malloc.h). */
let mallinfo2: (() => Record<string, number | bigint>) | undefined

/** glibc's count of blocks mapped on their own (mallinfo2's hblks). */
function mappedBlocks(): number {
  if (!mallinfo2) {
    const fields = [
      'arena',
      'ordblks',
      'smblks',
      'hblks',
      'hblkhd',
      'usmblks',
      'fsmblks',
      'uordblks',
      'fordblks',
      'keepcost',
    ]
    const info = koffi.struct('mallinfo2', Object.fromEntries(fields.map((f) => [f, 'size_t'])))
    mallinfo2 = libc().func('mallinfo2', info, []) as () => Record<string, number | bigint>
  }
  return Number(mallinfo2().hblks)
}

/** Every buffer the checks allocate, held to the end of the file: none is freed (by a collection) meanwhile. */
const held: Buffer[][] = []

/** How many more blocks are mapped on their own once `count` buffers of `bytes` (outside V8's heap) are held. */
function mappedFor(count: number, bytes: number): number {
  const before = mappedBlocks()
  const batch = Array.from({ length: count }, () => Buffer.allocUnsafeSlow(bytes))
  const after = mappedBlocks()
  held.push(batch)
  return after - before
}

/**
 * The fewest and the most of `times` tries. glibc maps a block at the threshold or above only when its arena has no
 * free chunk left to serve it, and the count is the process's (V8's threads map and unmap blocks of their own
 * meanwhile): a try can meet the arena's free memory, or another thread's blocks, where the next (with the first's
 * buffers still held) does not.
 */
function tries(count: number, bytes: number, times = 3): { fewest: number; most: number } {
  const counts = Array.from({ length: times }, () => mappedFor(count, bytes))
  return { fewest: Math.min(...counts), most: Math.max(...counts) }
}

afterAll(() => {
  held.length = 0
})

// glibc only: elsewhere (musl, macOS, Windows) the tuning does nothing, which the last test checks where it runs.
describe.skipIf(!glibc)('the allocator on glibc', () => {
  it('maps 32 KB blocks on their own once tuned, and not before', () => {
    // glibc's threshold starts at 128 KB: 32 KB blocks come from the arena
    expect(tries(256, 32 * 1024).fewest).toBeLessThan(26)
    expect(tuneMalloc({})).toEqual({
      applied: true,
      mmapThresholdBytes: MMAP_THRESHOLD_BYTES,
      trimEveryMs: MALLOC_TRIM_EVERY_MS,
    })
    // five tries: on a busy machine V8's threads unmapped blocks of their own during each of three once (218 at most, in
    // a local CI run on Node 24)
    expect(tries(256, 32 * 1024, 5).most).toBeGreaterThan(230)
    // below the threshold, still from the arena
    expect(tries(256, 4 * 1024).fewest).toBeLessThan(26)
  })

  it('gives the free pages between blocks in use back to the system within two trims', async () => {
    const malloc = libc().func('void *malloc(size_t)') as (bytes: number) => unknown
    const free = libc().func('void free(void *)') as (block: unknown) => void
    const memset = libc().func('void *memset(void *, int, size_t)') as (
      block: unknown,
      c: number,
      n: number,
    ) => unknown
    const rssMB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024
    expect(tuneMalloc({})).toMatchObject({ applied: true })
    // 64 MB in 4 KB blocks (below the threshold: from the arena), written so that they are resident
    const blocks = Array.from({ length: 16384 }, () => {
      const block = malloc(4096)
      memset(block, 1, 4096)
      return block
    })
    // Fifteen of each sixteen freed: 60 MB free between blocks in use, which free() alone never gives back.
    const kept: unknown[] = []
    blocks.forEach((block, i) => (i % 16 === 15 ? kept.push(block) : free(block)))
    try {
      const freed = rssMB()
      await new Promise((resolve) => setTimeout(resolve, 2 * MALLOC_TRIM_EVERY_MS + 500))
      expect(freed - rssMB()).toBeGreaterThan(40)
    } finally {
      for (const block of kept) free(block)
    }
  })

  it("leaves the threshold to the environment when it names one (the operator's choice)", () => {
    expect(tuneMalloc({ MALLOC_MMAP_THRESHOLD_: '65536' })).toEqual({
      applied: false,
      reason: 'the environment sets the mmap threshold',
    })
    expect(tuneMalloc({ GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=65536' })).toMatchObject({
      applied: false,
    })
  })
})

describe.skipIf(Boolean(glibc))('the allocator elsewhere', () => {
  it('is left as it is', () => {
    expect(tuneMalloc({})).toMatchObject({ applied: false })
  })
})

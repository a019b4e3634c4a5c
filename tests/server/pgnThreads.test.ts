import { describe, expect, it } from 'vitest'
import { PgnError } from '@domain/chess/pgn'
import {
  MAX_WAITING_READINGS,
  READER_THREADS,
  ReadersBusy,
  readGameOffThread,
} from '../../server/services/pgnThreads'

const SCHOLARS_MATE = '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0'

describe('reading kept games on reader threads', () => {
  it("answers a game's plies and result, and the reader's refusals as PgnError naming the fault", async () => {
    expect(await readGameOffThread(SCHOLARS_MATE, 600)).toEqual({ plies: 7, result: '1-0' })
    expect(await readGameOffThread('1. e4 e5 2. Nf3 *', 600)).toEqual({ plies: 3, result: null })
    await expect(readGameOffThread('1. e4 e5 2. Ke3', 600)).rejects.toThrow(
      new PgnError('Illegal move 2. Ke3'),
    )
    await expect(readGameOffThread(SCHOLARS_MATE, 6)).rejects.toThrow(/more than 6 moves/)
  })

  it('lets a bounded number of readings wait: one more is refused as busy (503), the others are all answered', async () => {
    const readings = Array.from({ length: READER_THREADS + MAX_WAITING_READINGS + 1 }, () =>
      readGameOffThread(SCHOLARS_MATE, 600),
    )
    const settled = await Promise.allSettled(readings)
    const refused = settled.filter((s) => s.status === 'rejected').map((s) => s.reason as unknown)
    expect(refused).toHaveLength(1)
    expect(refused[0]).toBeInstanceOf(ReadersBusy)
    expect(refused[0]).toMatchObject({ status: 503 })
    expect(settled.filter((s) => s.status === 'fulfilled').map((s) => s.value)).toEqual(
      Array(READER_THREADS + MAX_WAITING_READINGS).fill({ plies: 7, result: '1-0' }),
    )
    // and the threads take readings again
    expect(await readGameOffThread(SCHOLARS_MATE, 600)).toEqual({ plies: 7, result: '1-0' })
  })
})

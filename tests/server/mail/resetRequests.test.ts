// The queue behind 'Forgot password?': a request's lookup and mail start only once its answer is out, one
// request after another, and a flood waits in bounded memory.
import { setImmediate as tick } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../../server/db/db'
import {
  MAX_WAITING_RESETS,
  passwordResetsWorked,
  queuePasswordReset,
} from '../../../server/services/mail/resetRequests'

const settings = { baseUrl: 'https://chess.example.org', secret: 'secret' }

/** A database that records the transactions it is asked for, one at a time. */
function recordingDb() {
  const started: number[] = []
  let open = 0
  let mostOpen = 0
  const db = {
    transaction: async () => {
      open += 1
      mostOpen = Math.max(mostOpen, open)
      started.push(started.length)
      await tick()
      open -= 1
    },
  } as unknown as Db
  return { db, started, mostOpen: () => mostOpen }
}

describe('reset requests after the answer', () => {
  it('start once the answer is out, one at a time; beyond 1,000 waiting a request is dropped', async () => {
    const { db, started, mostOpen } = recordingDb()
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const errors: unknown[] = []
    const queued = Array.from({ length: MAX_WAITING_RESETS + 1 }, (_, i) =>
      queuePasswordReset(db, settings, `user${i}@example.test`, answered, (err) => errors.push(err)),
    )
    expect(queued.filter(Boolean)).toHaveLength(MAX_WAITING_RESETS)
    expect(queued.at(-1)).toBe(false)
    await tick()
    expect(started).toHaveLength(0)
    answer()
    await passwordResetsWorked(db)
    expect(started).toHaveLength(MAX_WAITING_RESETS)
    expect(mostOpen()).toBe(1)
    expect(errors).toEqual([])
    // the queue emptied, requests are taken again
    expect(queuePasswordReset(db, settings, 'late@example.test', Promise.resolve(), () => {})).toBe(true)
    await passwordResetsWorked(db)
    expect(started).toHaveLength(MAX_WAITING_RESETS + 1)
  })
})

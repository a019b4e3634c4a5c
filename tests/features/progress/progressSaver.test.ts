import { describe, expect, it } from 'vitest'
import {
  createProgressSaver,
  MAX_RETRY_DELAY_MS,
  RETRY_DELAY_MS,
  SAVE_INTERVAL_MS,
  type Position,
  type SaveOutcome,
} from '@/features/progress/progressSaver'

const at = (positionSeconds: number, durationSeconds = 100): Position => ({
  positionSeconds,
  durationSeconds,
})

/** A saver on a controlled clock and timer list, whose sends the test answers one by one. */
function rig() {
  let clock = 0
  const timers: { run: () => void; due: number }[] = []
  const sent: { position: Position; keepalive: boolean; answer: (o: SaveOutcome) => Promise<void> }[] = []
  const saver = createProgressSaver({
    now: () => clock,
    setTimer: (run, ms) => {
      const timer = { run, due: clock + ms }
      timers.push(timer)
      return timer
    },
    clearTimer: (timer) => {
      timers.splice(timers.indexOf(timer as (typeof timers)[number]), 1)
    },
    send: (position, keepalive) =>
      new Promise<SaveOutcome>((resolve) => {
        sent.push({
          position,
          keepalive,
          // Resolves, then lets the saver's own continuation run.
          answer: async (o) => {
            resolve(o)
            await new Promise((r) => setTimeout(r, 0))
          },
        })
      }),
  })
  return {
    saver,
    sent,
    timers,
    advance: (ms: number) => {
      clock += ms
      for (const t of timers.filter((t) => t.due <= clock)) {
        timers.splice(timers.indexOf(t), 1)
        t.run()
      }
    },
    now: () => clock,
    positions: () => sent.map((s) => s.position.positionSeconds),
  }
}

describe('progressSaver: when a position goes to the server', () => {
  it('sends nothing before the player has resumed', () => {
    const { saver, sent } = rig()
    saver.mark(at(5))
    saver.tick(at(6))
    saver.hide()
    expect(sent).toEqual([])
  })

  it('saves a pause made before the saved position was known once the player starts without moving it', () => {
    const { saver, positions } = rig()
    saver.tick(at(3))
    saver.mark(at(4))
    expect(positions()).toEqual([])
    saver.start(null)
    expect(positions()).toEqual([4])
  })

  it('forgets what came before a start at the saved position', () => {
    const { saver, positions } = rig()
    saver.mark(at(0.4))
    saver.start(at(42))
    saver.hide()
    expect(positions()).toEqual([])
  })

  it('saves a playing video at most once per 10 s, counted from the first tick', async () => {
    const { saver, sent, advance, positions } = rig()
    saver.start(null)
    saver.tick(at(0.25))
    advance(SAVE_INTERVAL_MS - 1)
    saver.tick(at(10.2))
    expect(sent).toHaveLength(0)
    advance(1)
    saver.tick(at(10.25))
    expect(positions()).toEqual([10.25])
    await sent[0].answer('saved')
    advance(SAVE_INTERVAL_MS / 2)
    saver.tick(at(15.25))
    expect(sent).toHaveLength(1)
    advance(SAVE_INTERVAL_MS / 2)
    saver.tick(at(20.25))
    expect(positions()).toEqual([10.25, 20.25])
  })

  it('saves at once on pause, seek and end, but not a position the server already holds', async () => {
    const { saver, sent, positions } = rig()
    saver.start(at(42))
    saver.mark(at(42.2)) // the seek that resumed the video
    expect(sent).toHaveLength(0)
    saver.mark(at(50))
    await sent[0].answer('saved')
    saver.mark(at(50)) // a pause right after the end
    expect(positions()).toEqual([50])
  })

  it('sends one save at a time: a newer position waits for the one on its way', async () => {
    const { saver, sent, positions } = rig()
    saver.start(null)
    saver.mark(at(3))
    saver.mark(at(4))
    saver.mark(at(5))
    expect(positions()).toEqual([3])
    await sent[0].answer('saved')
    expect(positions()).toEqual([3, 5])
  })

  it('tries a failed save again later with the newest position, waiting longer after each failure', async () => {
    const { saver, sent, timers, advance, now, positions } = rig()
    saver.start(null)
    saver.mark(at(5))
    await sent[0].answer('retry')
    saver.tick(at(6)) // the video plays on
    const waits: number[] = []
    for (let i = 0; i < 5; i++) {
      waits.push(timers[0].due - now())
      advance(timers[0].due - now())
      await sent.at(-1)!.answer('retry')
    }
    expect(waits).toEqual([
      RETRY_DELAY_MS,
      2 * RETRY_DELAY_MS,
      4 * RETRY_DELAY_MS,
      MAX_RETRY_DELAY_MS,
      MAX_RETRY_DELAY_MS,
    ])
    expect(positions()).toEqual([5, 6, 6, 6, 6, 6])
    advance(timers[0].due - now())
    await sent.at(-1)!.answer('saved')
    expect(timers).toEqual([])
    saver.tick(at(6.2))
    advance(SAVE_INTERVAL_MS)
    saver.tick(at(6.3))
    expect(sent).toHaveLength(7)
  })

  it('does not send again a position the server refused', async () => {
    const { saver, sent, timers } = rig()
    saver.start(null)
    saver.mark(at(5))
    await sent[0].answer('refused')
    expect(timers).toEqual([])
    saver.mark(at(5))
    expect(sent).toHaveLength(1)
  })

  it('sends what is not saved with a keepalive request when the page is hidden', async () => {
    const { saver, sent } = rig()
    saver.start(null)
    saver.tick(at(0.25))
    saver.tick(at(7))
    saver.hide()
    expect(sent.map((s) => [s.position.positionSeconds, s.keepalive])).toEqual([[7, true]])
    await sent[0].answer('saved')
    saver.hide()
    expect(sent).toHaveLength(1)
  })

  it('saves once more when the player goes away, and does not retry after that', async () => {
    const { saver, sent, timers } = rig()
    saver.start(null)
    saver.tick(at(0.25))
    saver.tick(at(4))
    saver.stop()
    expect(sent.map((s) => [s.position.positionSeconds, s.keepalive])).toEqual([[4, false]])
    await sent[0].answer('retry')
    expect(timers).toEqual([])
    saver.mark(at(9))
    expect(sent).toHaveLength(1)
  })
})

// When a module's video position goes to the server: while playing at most once per SAVE_INTERVAL_MS, at once on
// pause, seek and end, with a keepalive request when the page is hidden. A failed save never stops the video: the
// newest position is sent again later. One saver per module player; no React, no timers of its own but the ones
// it is given, so the timing is tested with a controlled clock.

/** Saves while a video plays, at most this often (per module). */
export const SAVE_INTERVAL_MS = 10_000
/** A failed save is tried again after this, doubling per failure up to MAX_RETRY_DELAY_MS. */
export const RETRY_DELAY_MS = 10_000
export const MAX_RETRY_DELAY_MS = 60_000

export type Position = { positionSeconds: number; durationSeconds: number }

/** How a save went: stored; failed for now (network, server busy: try again); or refused for good. */
export type SaveOutcome = 'saved' | 'retry' | 'refused'

export type SaverDeps = {
  send: (position: Position, keepalive: boolean) => Promise<SaveOutcome>
  now?: () => number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

/** Positions this close count as the same (a pause right after the end, the seek that resumed the video). */
const SAME_SECONDS = 0.5
const same = (a: Position, b: Position | null) =>
  b !== null &&
  Math.abs(a.positionSeconds - b.positionSeconds) < SAME_SECONDS &&
  Math.abs(a.durationSeconds - b.durationSeconds) < SAME_SECONDS

export type ProgressSaver = ReturnType<typeof createProgressSaver>

export function createProgressSaver({
  send,
  now = Date.now,
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: SaverDeps) {
  /** Reports count once started (before, the player may not have resumed yet) and while the player is shown. */
  let started = false
  let shown = true
  /** A pause, seek or end reported before the start: saved by the start unless the player resumed elsewhere. */
  let markedEarly = false
  /** The newest position the player reported, and the one the server is known to hold. */
  let latest: Position | null = null
  let stored: Position | null = null
  /** When the last save was sent (null: none yet; the first tick starts the interval). */
  let lastSentAt: number | null = null
  let sending = false
  let sendAgain = false
  let failures = 0
  let retryTimer: unknown = null

  function cancelRetry() {
    if (retryTimer !== null) clearTimer(retryTimer)
    retryTimer = null
  }

  function flush(keepalive = false) {
    if (latest === null || same(latest, stored)) return
    // One save at a time, so an older position never lands after a newer one.
    if (sending) {
      sendAgain = true
      return
    }
    const position = latest
    sending = true
    lastSentAt = now()
    cancelRetry()
    void send(position, keepalive)
      .catch((): SaveOutcome => 'retry')
      .then((outcome) => {
        sending = false
        if (outcome === 'retry') {
          failures += 1
          const delay = Math.min(RETRY_DELAY_MS * 2 ** (failures - 1), MAX_RETRY_DELAY_MS)
          if (shown) retryTimer = setTimer(() => flush(), delay)
        } else {
          // A refused position (the course left, the module deleted) is not sent again either.
          stored = position
          failures = 0
        }
        if (sendAgain && outcome !== 'retry') {
          sendAgain = false
          flush()
        }
      })
  }

  return {
    /** The player knows its length and has resumed (at `resumedAt`, already stored): saving may begin. */
    start(resumedAt: Position | null) {
      started = true
      stored = resumedAt
      // Someone who paused or sought before their saved position was known (a slow network) keeps that place:
      // the player did not move them (`resumedAt` is null), so what they did is saved now. A player that
      // resumed at the saved second makes what came before it moot.
      if (resumedAt !== null) latest = null
      else if (markedEarly) flush()
      markedEarly = false
    },
    /** The video is playing (timeupdate): saved at most once per SAVE_INTERVAL_MS. */
    tick(position: Position) {
      if (!started || !shown) return
      latest = position
      const at = now()
      if (lastSentAt === null) lastSentAt = at
      else if (at - lastSentAt >= SAVE_INTERVAL_MS) flush()
    },
    /** Pause, seek or end: saved at once. */
    mark(position: Position) {
      if (!shown) return
      latest = position
      if (started) flush()
      else markedEarly = true
    },
    /** The page is hidden: what is not saved yet goes with a request that outlives the page. */
    hide() {
      if (started) flush(true)
    },
    /** The player goes away: a last save of what is not saved yet, and no retry after it. */
    stop() {
      shown = false
      cancelRetry()
      if (started) flush()
    },
    /** The player is shown again (React's development mode mounts every component twice). */
    show() {
      shown = true
    },
  }
}

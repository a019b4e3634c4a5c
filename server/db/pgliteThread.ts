import v8 from 'node:v8'
import { Worker } from 'node:worker_threads'
import { PGLITE_SHARED_BUFFERS_DEFAULT } from '../config'
import type { Db } from './db'
import { preparedByName, transactionDb } from './handles'
import { applyV8Workarounds } from './v8Workarounds.mjs'

type Call =
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'prepared'; name: string; sql: string; args: string[] }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }

type Answer =
  | { ready: true }
  | { channel: string; payload: string }
  | { id: number; result: unknown }
  | { id: number; error: Record<string, unknown> & { message: string } }

/** An error the worker sent as data, as an Error with the same fields (`code` for isDbUnavailable and the routes). */
function rebuilt(data: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(data.message), data)
}

/**
 * The young generation of PGlite's thread, in MB. `--max-semi-space-size` (npm start's 4 MB, for the main thread's
 * throughput: scripts/server-node-flags.mjs) sizes every heap V8 makes while it is set, over a Worker's own
 * resourceLimits; so it is cleared before this thread starts (the main thread's heap, made at the process's start,
 * keeps its size) and this thread's heap gets the size set here. The thread allocates each statement's rows and
 * little else: it held 16 MB of young generation after the bench's load over 10,000 courses with the flag's size;
 * with 4 MB the server held 237 MB after that load instead of 246-255 (docs/performance.md, "Start-up and memory"),
 * the load's rates within this machine's noise.
 */
export const PGLITE_THREAD_YOUNG_GENERATION_MB = 4

/**
 * How long a thread that answered 'close' has to end on its own (it does within ~200 ms: PGlite closed, its port
 * closed, nothing left to run) before it is terminated. Ending on its own spares V8 and Node the forced stop of an
 * isolate that holds WebAssembly, which is where their known hangs at a worker's end are (nodejs/node#47748).
 */
const THREAD_EXIT_GRACE_MS = 5000

/** How many times the bound of a call a script or a dump may take (see openPgliteThread). */
const SCRIPT_ALLOWANCE = 10

/** How long to wait before each attempt to start PGlite again once its thread stopped: 0, 1 s, 2 s, … at most 30 s. */
function restartDelayMs(failures: number): number {
  return failures === 0 ? 0 : Math.min(30_000, 1000 * 2 ** (failures - 1))
}

/**
 * PGlite in `dataDir`, run in a worker thread (server/db/pgliteWorker.mjs): the same Db as openPglite's, whose
 * calls are messages. PostgreSQL's WebAssembly then starts, and later runs its statements, on the second core
 * while this thread loads the server and answers requests: a start on existing data spent about half its time in
 * PGlite on the one thread. Used by the server and the user:create command; tests open PGlite in their own thread.
 *
 * If the thread stops on its own (an error PGlite did not survive), PGlite is started again on the same folder
 * (PostgreSQL recovers its committed writes from its log), and again after 1, 2, 4… (at most 30) s while that
 * fails: until it answers, calls fail as unavailable (the server's 503), and the calls in flight when it stopped
 * fail so. Each listener is told through its `lost` (a notification may have gone with the thread) and listens again
 * before the first call reaches the new thread. An in-memory database is not started again (it would be empty).
 *
 * A thread that hangs (a statement that never returns, a deadlock) is treated as one that stopped: once it has owed
 * an answer for `callTimeoutMs` without giving any, the calls waiting on it fail as unavailable, it is terminated,
 * and once it has exited (two PGlite on one folder would both write it) the same restart follows. PGlite runs one
 * statement at a time, so the clock is the thread's: it runs from its last answer (or from when it began to owe
 * one), not from each call's sending, and a deep queue that keeps being answered never trips it. While a transaction
 * is open and none of its calls is in flight, the thread waits for this one (a transaction's function working
 * between its statements), not the other way round: the clock stands still. A script (`exec`: migrations, ANALYZE)
 * or a dump, which PGlite runs in the order sent, may take SCRIPT_ALLOWANCE times as long when it is the call the
 * thread works on: over 10,000 courses a migration rewriting the courses table took 2.1 s, while a request's
 * statement takes milliseconds.
 */
export function openPgliteThread(
  dataDir: string,
  {
    sharedBuffers = PGLITE_SHARED_BUFFERS_DEFAULT,
    callTimeoutMs = 30_000,
    warn = (message: string) => console.warn(message),
  }: { sharedBuffers?: string; callTimeoutMs?: number; warn?: (message: string) => void } = {},
): Promise<Db> {
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (err: Error) => void; op: Call['op']; tx?: number }
  >()
  const listeners = new Map<string, { fn: (payload: string) => void; lost?: () => void }>()
  let nextId = 1
  /** The thread that answers calls; undefined while PGlite starts (again). */
  let current: Worker | undefined
  /** Why calls fail for good: closed, or the first opening failed (isDbUnavailable reads "PGlite is closed"). */
  let closed: Error | undefined
  /** Why calls fail while PGlite starts again. */
  let restarting: Error | undefined
  let failures = 0
  /** The newest thread started, which may still be starting. */
  let newest: Worker | undefined
  /** Stops the newest thread as hung, saying how long it owed an answer (set by start). */
  let hang = (_ms: number) => {}
  /** Why calls fail while PGlite starts again after its thread stopped answering (the health check says so). */
  let hung = false
  let restarts = 0
  let lastRestartAt: Date | undefined
  /** A renewal under way (Db.renew): the thread it closes, and what to call once the new one answers. */
  let renewal: { old: Worker; done: () => void } | undefined
  /** Each thread's end (its 'exit'). */
  const exits = new WeakMap<Worker, Promise<unknown>>()
  /** A thread that answered 'close', once it has ended: on its own, or terminated after THREAD_EXIT_GRACE_MS. */
  const ended = async (worker: Worker) => {
    const late = setTimeout(() => void worker.terminate(), THREAD_EXIT_GRACE_MS)
    await exits.get(worker)
    clearTimeout(late)
  }

  /** Transactions begun and not yet ended, and how many calls of theirs are in flight. */
  const openTx = new Set<number>()
  let txCallsInFlight = 0
  /** Whether the thread has a call it can answer now (see the hang watch above). */
  const owes = () => (openTx.size ? txCallsInFlight > 0 : pending.size > 0)
  /** The call the thread works on: the oldest it can answer now. */
  const working = () => {
    for (const waiting of pending.values())
      if (!openTx.size || (waiting.tx !== undefined && openTx.has(waiting.tx))) return waiting
  }
  /** When the thread last answered, or began to owe an answer (performance.now()). */
  let lastProgress = 0
  const watch = setInterval(
    () => {
      const on = working()
      if (!on) return
      const bound = on.op === 'exec' || on.op === 'dump' ? callTimeoutMs * SCRIPT_ALLOWANCE : callTimeoutMs
      if (performance.now() - lastProgress >= bound) hang(bound)
    },
    Math.min(1000, callTimeoutMs / 4),
  )
  watch.unref()

  const post = <T>(worker: Worker, message: Call): Promise<T> => {
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      if (!owes()) lastProgress = performance.now()
      const tx = 'tx' in message ? message.tx : undefined
      if (tx !== undefined && openTx.has(tx)) txCallsInFlight++
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, op: message.op, tx })
      worker.postMessage({ id, ...message })
    })
  }
  /** Fails every call waiting on the thread that stopped. */
  const failPending = (err: Error) => {
    for (const { reject } of pending.values()) reject(err)
    pending.clear()
    openTx.clear()
    txCallsInFlight = 0
  }
  const call = <T>(message: Call): Promise<T> => {
    const failure =
      closed ?? (current ? undefined : (restarting ?? new Error('PGlite is closed: not open yet')))
    return failure ? Promise.reject(failure) : post<T>(current!, message)
  }

  return new Promise<Db>((opened, failed) => {
    let db: Db | undefined
    const start = () => {
      if (closed) return
      // `--max-semi-space-size` would win over resourceLimits (see PGLITE_THREAD_YOUNG_GENERATION_MB); 0 is V8's
      // "not given".
      v8.setFlagsFromString('--max-semi-space-size=0')
      // Before the thread's PGlite (and its renewal's) makes WebAssembly code: see server/db/v8Workarounds.mjs.
      applyV8Workarounds()
      const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
        workerData: { dataDir, sharedBuffers },
        resourceLimits: { maxYoungGenerationSizeMb: PGLITE_THREAD_YOUNG_GENERATION_MB },
      })
      newest = worker
      const exited = new Promise((resolve) => worker.once('exit', resolve))
      exits.set(worker, exited)
      let stopped = false
      /** `why` for the server's output, `err` for the calls that fail; `unanswered`: it hangs (still running). */
      const stop = (err: Error, why = err.message, unanswered = false) => {
        if (stopped) return
        stopped = true
        // closed on purpose by a renewal, which starts the next thread itself
        if (renewal?.old === worker) return
        const wasOpen = current === worker
        if (wasOpen) current = undefined
        if (unanswered) void worker.terminate()
        const failure = closed ?? (db && !dataDir.startsWith('memory://') ? undefined : err)
        if (failure) {
          // closed on purpose, the first opening failed, or in memory: no new start
          closed ??= failure
          clearInterval(watch)
          failPending(closed)
          failed(closed)
          return
        }
        hung = unanswered
        restarting = Object.assign(
          new Error(
            unanswered
              ? `PGlite is closed: its thread stopped answering (${why}); starting it again`
              : `PGlite is closed: its thread stopped (${why}); starting it again`,
          ),
          { cause: err },
        )
        if (wasOpen) for (const { lost } of listeners.values()) lost?.()
        failPending(restarting)
        const delay = restartDelayMs(failures++)
        if (unanswered) {
          warn(
            `PGlite's thread stopped answering (${why}); stopping it and starting it again in ${delay / 1000} s`,
          )
          // Only once it has gone: two PGlite on one folder would both write it.
          void exited.then(() => setTimeout(start, delay).unref())
        } else {
          warn(`PGlite's thread stopped (${why}); starting it again in ${delay / 1000} s`)
          setTimeout(start, delay).unref()
        }
      }
      hang = (ms) => {
        const seconds = Math.round(ms / 100) / 10
        const why = `no answer within ${seconds} s`
        stop(new Error(`PGlite is closed: ${why}`), why, true)
      }
      worker.on('error', (err: Error) =>
        stop(Object.assign(new Error(`PGlite is closed: ${err.message}`), { cause: err }), err.message),
      )
      worker.on('exit', (code) => stop(new Error('PGlite is closed'), `exit code ${code}`))
      worker.on('message', (answer: Answer) => {
        if ('ready' in answer) {
          if (!db) {
            current = worker
            db = threadDb()
            return opened(db)
          }
          // Started again: every channel is listened to before the first call reaches this thread.
          void Promise.all(
            [...listeners.keys()].map((channel) => post(worker, { op: 'listen', channel })),
          ).then(
            () => {
              if (stopped || closed) return
              current = worker
              restarting = undefined
              hung = false
              failures = 0
              if (renewal) {
                const { done } = renewal
                renewal = undefined
                return done()
              }
              restarts++
              lastRestartAt = new Date()
              warn('PGlite started again')
            },
            (err: Error) => {
              warn(`PGlite started again but could not listen (${err.message}); starting it again`)
              void worker.terminate()
            },
          )
          return
        }
        if ('channel' in answer) return listeners.get(answer.channel)?.fn(answer.payload)
        if (answer.id === 0 && 'error' in answer) return stop(rebuilt(answer.error))
        const waiting = pending.get(answer.id)
        if (!waiting) return
        pending.delete(answer.id)
        lastProgress = performance.now()
        if (waiting.tx !== undefined && openTx.has(waiting.tx)) txCallsInFlight--
        if (waiting.op === 'end') openTx.delete(waiting.tx!)
        if ('error' in answer) return waiting.reject(rebuilt(answer.error))
        if (waiting.op === 'begin') openTx.add(answer.result as number)
        waiting.resolve(answer.result)
      })
    }

    const query = <T>(sql: string, params: unknown[] = []) => call<T[]>({ op: 'query', sql, params })
    const threadDb = (): Db => ({
      kind: 'pglite',
      query,
      prepared: preparedByName(
        <T>(name: string, sql: string, args: string[]) => call<T[]>({ op: 'prepared', name, sql, args }),
        query,
      ),
      transaction: async (fn) => {
        const tx = await call<number>({ op: 'begin' })
        let result
        try {
          result = await fn(
            transactionDb(
              'pglite',
              <T>(sql: string, params: unknown[] = []) => call<T[]>({ op: 'query', sql, params, tx }),
              (sql) => call<null>({ op: 'exec', sql, tx }),
            ),
          )
        } catch (err) {
          await call<null>({ op: 'end', tx, commit: false }).catch(() => {})
          throw err
        }
        await call<null>({ op: 'end', tx, commit: true })
        return result
      },
      exec: (sql) => call<void>({ op: 'exec', sql }),
      close: async () => {
        if (closed) return
        const worker = current
        closed = new Error('PGlite is closed')
        clearInterval(watch)
        if (!worker) {
          // stopped and starting again: the thread still starting (if any) is not needed
          await newest?.terminate()
          return
        }
        await post<null>(worker, { op: 'close' })
        await ended(worker)
      },
      renew: async () => {
        const old = current
        // an in-memory database would come back empty
        if (!old || closed || renewal || pending.size || openTx.size || dataDir.startsWith('memory://'))
          return false
        current = undefined
        restarting = new Error('PGlite is closed: starting it again on the same folder')
        await new Promise<void>((done, fail) => {
          renewal = { old, done }
          post<null>(old, { op: 'close' })
            .then(() => ended(old))
            .then(start, (err: Error) => {
              renewal = undefined
              fail(err)
            })
        })
        return true
      },
      dump: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })]),
      listen: async (channel: string, fn: (payload: string) => void, lost?: () => void) => {
        listeners.set(channel, { fn, lost })
        await call<null>({ op: 'listen', channel })
      },
      thread: () => ({
        restarting: restarting ? (hung ? 'hung' : 'stopped') : undefined,
        restarts,
        lastRestartAt,
      }),
    })
    start()
  })
}

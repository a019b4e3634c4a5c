import { Worker } from 'node:worker_threads'
import { PGLITE_SHARED_BUFFERS_DEFAULT } from '../config'
import type { Db } from './db'
import { preparedByName, transactionDb } from './handles'

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
 * How long a thread that answered 'close' has to end on its own (it does within ~200 ms: PGlite closed, its port
 * closed, nothing left to run) before it is terminated. Ending on its own spares V8 and Node the forced stop of an
 * isolate that holds WebAssembly, where Node has known hangs at a worker's end.
 */
const THREAD_EXIT_GRACE_MS = 5000

/** How many times the bound of a call a script or a dump may take (see openPgliteThread). */
const SCRIPT_ALLOWANCE = 10

/** How long to wait before each attempt to start PGlite again once its thread stopped: 0, 1 s, 2 s, … at most 30 s. */
function restartDelayMs(failures: number): number {
  return failures === 0 ? 0 : Math.min(30_000, 1000 * 2 ** (failures - 1))
}

type Pending = {
  resolve: (value: unknown) => void
  reject: (err: Error) => void
  op: Call['op']
  tx?: number
}

/** One thread started: its Worker, whether it has stopped (for good), and its end (its 'exit'). */
type Thread = { worker: Worker; stopped: boolean; exited: Promise<unknown> }

type Options = { sharedBuffers: string; callTimeoutMs: number; warn: (message: string) => void }

/** The calling side of PGlite's thread: its calls in flight, its transactions, its listeners and its restarts. */
class PgliteThread {
  readonly opening: Promise<Db>
  private readonly pending = new Map<number, Pending>()
  private readonly listeners = new Map<string, { fn: (payload: string) => void; lost?: () => void }>()
  private nextId = 1
  /** The thread that answers calls; undefined while PGlite starts (again). */
  private current: Thread | undefined
  /** The newest thread started, which may still be starting. */
  private newest: Thread | undefined
  /** Why calls fail for good: closed, or the first opening failed (isDbUnavailable reads "PGlite is closed"). */
  private closed: Error | undefined
  /** Why calls fail while PGlite starts again. */
  private restarting: Error | undefined
  /** Why calls fail while PGlite starts again after its thread stopped answering (the health check says so). */
  private hung = false
  private failures = 0
  private restarts = 0
  private lastRestartAt: Date | undefined
  /** Transactions begun and not yet ended, and how many calls of theirs are in flight. */
  private readonly openTx = new Set<number>()
  private txCallsInFlight = 0
  /** When the thread last answered, or began to owe an answer (performance.now()). */
  private lastProgress = 0
  private readonly watch: NodeJS.Timeout
  private db: Db | undefined
  private opened!: (db: Db) => void
  private failed!: (err: Error) => void

  constructor(
    private readonly dataDir: string,
    private readonly options: Options,
  ) {
    this.watch = setInterval(() => this.checkHang(), Math.min(1000, options.callTimeoutMs / 4))
    this.watch.unref()
    this.opening = new Promise<Db>((opened, failed) => {
      this.opened = opened
      this.failed = failed
      this.start()
    })
  }

  /** Whether the thread has a call it can answer now (see the hang watch in openPgliteThread). */
  private owes(): boolean {
    return this.openTx.size ? this.txCallsInFlight > 0 : this.pending.size > 0
  }

  /** The call the thread works on: the oldest it can answer now. */
  private working(): Pending | undefined {
    for (const waiting of this.pending.values())
      if (!this.openTx.size || (waiting.tx !== undefined && this.openTx.has(waiting.tx))) return waiting
  }

  /** Stops the newest thread as hung once the call it works on has waited longer than its bound. */
  private checkHang(): void {
    const on = this.working()
    if (!on || !this.newest) return
    const { callTimeoutMs } = this.options
    const bound = on.op === 'exec' || on.op === 'dump' ? callTimeoutMs * SCRIPT_ALLOWANCE : callTimeoutMs
    if (performance.now() - this.lastProgress < bound) return
    const why = `no answer within ${Math.round(bound / 100) / 10} s`
    this.stop(this.newest, new Error(`PGlite is closed: ${why}`), why, true)
  }

  private post<T>(worker: Worker, message: Call): Promise<T> {
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      if (!this.owes()) this.lastProgress = performance.now()
      const tx = 'tx' in message ? message.tx : undefined
      if (tx !== undefined && this.openTx.has(tx)) this.txCallsInFlight++
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, op: message.op, tx })
      worker.postMessage({ id, ...message })
    })
  }

  private call<T>(message: Call): Promise<T> {
    const failure =
      this.closed ??
      (this.current ? undefined : (this.restarting ?? new Error('PGlite is closed: not open yet')))
    return failure ? Promise.reject(failure) : this.post<T>(this.current!.worker, message)
  }

  /** Fails every call waiting on the thread that stopped. */
  private failPending(err: Error): void {
    for (const { reject } of this.pending.values()) reject(err)
    this.pending.clear()
    this.openTx.clear()
    this.txCallsInFlight = 0
  }

  /** Starts a thread running PGlite on the folder. */
  private start(): void {
    if (this.closed) return
    const { sharedBuffers } = this.options
    const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
      workerData: { dataDir: this.dataDir, sharedBuffers },
    })
    const thread: Thread = {
      worker,
      stopped: false,
      exited: new Promise((resolve) => worker.once('exit', resolve)),
    }
    this.newest = thread
    worker.on('error', (err: Error) =>
      this.stop(
        thread,
        Object.assign(new Error(`PGlite is closed: ${err.message}`), { cause: err }),
        err.message,
      ),
    )
    worker.on('exit', (code) => this.stop(thread, new Error('PGlite is closed'), `exit code ${code}`))
    worker.on('message', (answer: Answer) => this.onAnswer(thread, answer))
  }

  /**
   * A thread that stopped: `why` for the server's output, `err` for the calls that fail; `unanswered`: it hangs
   * (still running). PGlite starts again on the folder unless it was closed, never opened, or is in memory.
   */
  private stop(thread: Thread, err: Error, why = err.message, unanswered = false): void {
    if (thread.stopped) return
    thread.stopped = true
    const wasOpen = this.current === thread
    if (wasOpen) this.current = undefined
    if (unanswered) void thread.worker.terminate()
    const failure = this.closed ?? (this.db && !this.dataDir.startsWith('memory://') ? undefined : err)
    if (failure) {
      // closed on purpose, the first opening failed, or in memory: no new start
      this.closed ??= failure
      clearInterval(this.watch)
      this.failPending(this.closed)
      this.failed(this.closed)
      return
    }
    this.hung = unanswered
    this.restarting = Object.assign(
      new Error(
        unanswered
          ? `PGlite is closed: its thread stopped answering (${why}); starting it again`
          : `PGlite is closed: its thread stopped (${why}); starting it again`,
      ),
      { cause: err },
    )
    if (wasOpen) for (const { lost } of this.listeners.values()) lost?.()
    this.failPending(this.restarting)
    const delay = restartDelayMs(this.failures++)
    const { warn } = this.options
    if (unanswered) {
      warn(
        `PGlite's thread stopped answering (${why}); stopping it and starting it again in ${delay / 1000} s`,
      )
      // Only once it has gone: two PGlite on one folder would both write it.
      void thread.exited.then(() => setTimeout(() => this.start(), delay).unref())
    } else {
      warn(`PGlite's thread stopped (${why}); starting it again in ${delay / 1000} s`)
      setTimeout(() => this.start(), delay).unref()
    }
  }

  private onAnswer(thread: Thread, answer: Answer): void {
    if ('ready' in answer) return this.onReady(thread)
    if ('channel' in answer) return this.listeners.get(answer.channel)?.fn(answer.payload)
    if (answer.id === 0 && 'error' in answer) return this.stop(thread, rebuilt(answer.error))
    const waiting = this.pending.get(answer.id)
    if (!waiting) return
    this.pending.delete(answer.id)
    this.lastProgress = performance.now()
    if (waiting.tx !== undefined && this.openTx.has(waiting.tx)) this.txCallsInFlight--
    if (waiting.op === 'end') this.openTx.delete(waiting.tx!)
    if ('error' in answer) return waiting.reject(rebuilt(answer.error))
    if (waiting.op === 'begin') this.openTx.add(answer.result as number)
    waiting.resolve(answer.result)
  }

  /** The first thread opens the Db; a thread started again listens to every channel before it takes calls. */
  private onReady(thread: Thread): void {
    if (!this.db) {
      this.current = thread
      this.db = this.threadDb()
      return this.opened(this.db)
    }
    void Promise.all(
      [...this.listeners.keys()].map((channel) => this.post(thread.worker, { op: 'listen', channel })),
    ).then(
      () => {
        if (thread.stopped || this.closed) return
        this.current = thread
        this.restarting = undefined
        this.hung = false
        this.failures = 0
        this.restarts++
        this.lastRestartAt = new Date()
        this.options.warn('PGlite started again')
      },
      (err: Error) => {
        this.options.warn(`PGlite started again but could not listen (${err.message}); starting it again`)
        void thread.worker.terminate()
      },
    )
  }

  private async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' })
    let result
    try {
      result = await fn(
        transactionDb(
          'pglite',
          <R>(sql: string, params: unknown[] = []) => this.call<R[]>({ op: 'query', sql, params, tx }),
          (sql) => this.call<null>({ op: 'exec', sql, tx }),
        ),
      )
    } catch (err) {
      await this.call<null>({ op: 'end', tx, commit: false }).catch(() => {})
      throw err
    }
    await this.call<null>({ op: 'end', tx, commit: true })
    return result
  }

  private async close(): Promise<void> {
    if (this.closed) return
    const thread = this.current
    this.closed = new Error('PGlite is closed')
    clearInterval(this.watch)
    if (!thread) {
      // stopped and starting again: the thread still starting (if any) is not needed
      await this.newest?.worker.terminate()
      return
    }
    await this.post<null>(thread.worker, { op: 'close' })
    // Ends on its own once closed; terminated only if it has not after THREAD_EXIT_GRACE_MS.
    const late = setTimeout(() => void thread.worker.terminate(), THREAD_EXIT_GRACE_MS)
    await thread.exited
    clearTimeout(late)
  }

  private threadDb(): Db {
    const query = <T>(sql: string, params: unknown[] = []) => this.call<T[]>({ op: 'query', sql, params })
    return {
      kind: 'pglite',
      query,
      prepared: preparedByName(
        <T>(name: string, sql: string, args: string[]) => this.call<T[]>({ op: 'prepared', name, sql, args }),
        query,
      ),
      transaction: (fn) => this.transaction(fn),
      exec: (sql) => this.call<void>({ op: 'exec', sql }),
      close: () => this.close(),
      dump: async () => new Blob([await this.call<ArrayBuffer>({ op: 'dump' })]),
      listen: async (channel: string, fn: (payload: string) => void, lost?: () => void) => {
        this.listeners.set(channel, { fn, lost })
        await this.call<null>({ op: 'listen', channel })
      },
      thread: () => ({
        restarting: this.restarting ? (this.hung ? 'hung' : 'stopped') : undefined,
        restarts: this.restarts,
        lastRestartAt: this.lastRestartAt,
      }),
    }
  }
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
  return new PgliteThread(dataDir, { sharedBuffers, callTimeoutMs, warn }).opening
}

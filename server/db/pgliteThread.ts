import { Worker } from 'node:worker_threads'
import { preparedByName, transactionDb, type Db } from './db'

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
 */
export function openPgliteThread(
  dataDir: string,
  {
    sharedBuffers = '16MB',
    warn = (message: string) => console.warn(message),
  }: { sharedBuffers?: string; warn?: (message: string) => void } = {},
): Promise<Db> {
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>()
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

  const post = <T>(worker: Worker, message: Call): Promise<T> => {
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ id, ...message })
    })
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
      const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
        workerData: { dataDir, sharedBuffers },
      })
      newest = worker
      let stopped = false
      /** `why` for the server's output, `err` for the calls that fail. */
      const stop = (err: Error, why = err.message) => {
        if (stopped) return
        stopped = true
        const wasOpen = current === worker
        if (wasOpen) current = undefined
        const failure = closed ?? (db && !dataDir.startsWith('memory://') ? undefined : err)
        if (failure) {
          // closed on purpose, the first opening failed, or in memory: no new start
          closed ??= failure
          for (const { reject } of pending.values()) reject(closed)
          pending.clear()
          failed(closed)
          return
        }
        restarting = Object.assign(
          new Error(`PGlite is closed: its thread stopped (${why}); starting it again`),
          { cause: err },
        )
        if (wasOpen) for (const { lost } of listeners.values()) lost?.()
        for (const { reject } of pending.values()) reject(restarting)
        pending.clear()
        const delay = restartDelayMs(failures++)
        warn(`PGlite's thread stopped (${why}); starting it again in ${delay / 1000} s`)
        setTimeout(start, delay).unref()
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
              failures = 0
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
        pending.delete(answer.id)
        if ('error' in answer) waiting?.reject(rebuilt(answer.error))
        else waiting?.resolve(answer.result)
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
        if (!worker) {
          // stopped and starting again: the thread still starting (if any) is not needed
          await newest?.terminate()
          return
        }
        await post<null>(worker, { op: 'close' })
        await worker.terminate()
      },
      dump: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })]),
      listen: async (channel: string, fn: (payload: string) => void, lost?: () => void) => {
        listeners.set(channel, { fn, lost })
        await call<null>({ op: 'listen', channel })
      },
    })
    start()
  })
}

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

/**
 * PGlite in `dataDir`, run in a worker thread (server/db/pgliteWorker.mjs): the same Db as openPglite's, whose
 * calls are messages. PostgreSQL's WebAssembly then starts, and later runs its statements, on the second core
 * while this thread loads the server and answers requests: a start on existing data spent about half its time in
 * PGlite on the one thread. Used by the server and the user:create command; tests open PGlite in their own thread.
 */
export function openPgliteThread(
  dataDir: string,
  { sharedBuffers = '16MB' }: { sharedBuffers?: string } = {},
): Promise<Db> {
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
    workerData: { dataDir, sharedBuffers },
  })
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>()
  const listeners = new Map<string, (payload: string) => void>()
  let nextId = 1
  /** Why calls fail once the worker is gone (isDbUnavailable reads "PGlite is closed"). */
  let gone: Error | undefined

  const call = <T>(message: Call): Promise<T> => {
    if (gone) return Promise.reject(gone)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ id, ...message })
    })
  }

  return new Promise<Db>((opened, failed) => {
    const end = (err: Error) => {
      gone ??= err
      for (const { reject } of pending.values()) reject(gone)
      pending.clear()
      failed(gone)
    }
    worker.on('error', (err: Error) =>
      end(Object.assign(new Error(`PGlite is closed: ${err.message}`), { cause: err })),
    )
    worker.on('exit', () => end(new Error('PGlite is closed')))
    worker.on('message', (answer: Answer) => {
      if ('ready' in answer) return opened(threadDb())
      if ('channel' in answer) return listeners.get(answer.channel)?.(answer.payload)
      if (answer.id === 0 && 'error' in answer) return failed(rebuilt(answer.error))
      const waiting = pending.get(answer.id)
      pending.delete(answer.id)
      if ('error' in answer) waiting?.reject(rebuilt(answer.error))
      else waiting?.resolve(answer.result)
    })

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
        if (gone) return
        await call<null>({ op: 'close' })
        await worker.terminate()
      },
      dump: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })]),
      listen: async (channel, fn) => {
        listeners.set(channel, fn)
        await call<null>({ op: 'listen', channel })
      },
    })
  })
}

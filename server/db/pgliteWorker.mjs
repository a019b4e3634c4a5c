// The server's embedded PGlite, in a thread of its own (server/db/pgliteThread.ts holds the other end). PostgreSQL
// runs here as WebAssembly on the machine's second core, while the main thread loads and builds the server (at the
// start) and answers requests (under load); every call is one message each way.
// Plain JavaScript: Node loads it as it is, from the checkout, both from source and from the compiled server.
//
// In: { id, op: 'query' | 'exec' | 'prepared' | 'begin' | 'end' | 'listen' | 'dump' | 'close', tx?, ... }.
// Out: { id, result } or { id, error } for each call, in order; { channel, payload } for a NOTIFY, sent before the
// answer to the statement that caused it; { ready: true } once open, or { id: 0, error } when opening failed.
import { mkdirSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { namedStatements } from './pgliteStatements.mjs'

/** An error as data: its message and its own plain fields (PostgreSQL's code, detail, constraint…). */
function errorData(err) {
  const data = { message: String(err instanceof Error ? err.message : err) }
  if (err && typeof err === 'object')
    for (const [key, value] of Object.entries(err))
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) data[key] = value
  return data
}

// A timer keeps this thread's event loop busy while PGlite opens. Its start waits on promises only (the WebAssembly
// compiles on V8's threads), and when nothing else is pending Node's loop runs dry and blocks until every job on
// V8's threads has finished, the optimizing compiles of PGlite's functions included: about 150 ms of a start.
const keepAlive = setInterval(() => {}, 60_000)
let lite
try {
  if (!workerData.dataDir.startsWith('memory://')) mkdirSync(workerData.dataDir, { recursive: true })
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${workerData.sharedBuffers}`]
  lite = await PGlite.create(workerData.dataDir, { startParams })
} catch (err) {
  parentPort.postMessage({ id: 0, error: errorData(err) })
  parentPort.close()
}

/** Named statements of the one session (made once each). */
const execute = lite && namedStatements(lite)
/** Open transactions by the id of the call that began them. */
const transactions = new Map()
/** Ends a transaction that is rolled back on purpose (not reported as an error). */
const rollback = new Error('rollback')

/**
 * Resolves to `id`, which names the transaction in later calls, once it is open (PGlite's lock held for it until an
 * 'end' call finishes it).
 */
function begin(id) {
  return new Promise((began, failed) => {
    const entry = { tx: undefined, commit: undefined, abort: undefined, finished: undefined }
    entry.finished = lite.transaction(
      (tx) =>
        new Promise((commit, abort) => {
          Object.assign(entry, { tx, commit, abort })
          transactions.set(id, entry)
          began(id)
        }),
    )
    // Failing before it began (BEGIN itself); a failure later is the 'end' call's to report.
    entry.finished.catch((err) => {
      if (!entry.tx) failed(err)
    })
  })
}

async function run(message) {
  const on = message.tx === undefined ? lite : transactions.get(message.tx)?.tx
  if (!on) throw new Error('The transaction has ended')
  switch (message.op) {
    case 'query':
      return (await on.query(message.sql, message.params)).rows
    case 'exec':
      await on.exec(message.sql)
      return null
    case 'prepared':
      return execute(message.name, message.sql, message.args)
    case 'begin':
      return begin(message.id)
    case 'end': {
      const entry = transactions.get(message.tx)
      transactions.delete(message.tx)
      if (message.commit) entry.commit()
      else entry.abort(rollback)
      try {
        await entry.finished
      } catch (err) {
        if (err !== rollback) throw err
      }
      return null
    }
    case 'listen':
      await lite.listen(message.channel, (payload) =>
        parentPort.postMessage({ channel: message.channel, payload }),
      )
      return null
    case 'dump':
      return (await lite.dumpDataDir('none')).arrayBuffer()
    case 'close':
      await lite.close()
      return null
    default:
      throw new Error(`unknown call ${message.op}`)
  }
}

if (lite) {
  parentPort.on('message', (message) => {
    run(message).then(
      (result) => {
        parentPort.postMessage({ id: message.id, result }, result instanceof ArrayBuffer ? [result] : [])
        if (message.op === 'close') parentPort.close()
      },
      (err) => parentPort.postMessage({ id: message.id, error: errorData(err) }),
    )
  })
  parentPort.postMessage({ ready: true })
}
clearInterval(keepAlive)

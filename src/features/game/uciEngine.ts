// A UCI engine behind the ChessEngine interface: the commands it is sent, the lines it answers, one search at a
// time. The browser runs Stockfish in a Web Worker (stockfishWorker.ts); scripts/engine-strength.mjs runs the same
// engine in Node through this file, so both speak to it alike.
import type { ChessEngine, EngineLevel, EngineSearch } from './engine'

/** How each level searches: Stockfish's Skill Level (0..20), a depth cap and a time cap per move. */
export interface LevelSettings {
  skill: number
  /** Plies; none for full strength within the time cap. */
  depth?: number
  movetimeMs: number
}

/**
 * Strength rises with the level (the lowest levels look one or two plies ahead and often choose a weaker move;
 * level 8 plays its best move found within 700 ms, so it answers within a second). scripts/engine-strength.mjs
 * checks the ends of the scale: level 8 beats random moves and level 1.
 */
export const LEVEL_SETTINGS: Record<EngineLevel, LevelSettings> = {
  1: { skill: 0, depth: 1, movetimeMs: 50 },
  2: { skill: 2, depth: 2, movetimeMs: 100 },
  3: { skill: 4, depth: 3, movetimeMs: 150 },
  4: { skill: 7, depth: 5, movetimeMs: 200 },
  5: { skill: 10, depth: 7, movetimeMs: 300 },
  6: { skill: 13, depth: 9, movetimeMs: 400 },
  7: { skill: 16, depth: 12, movetimeMs: 600 },
  8: { skill: 20, movetimeMs: 700 },
}

/** Lines in, commands out: a Web Worker (workerChannel) or the package's Node engine. */
export interface UciChannel {
  send(command: string): void
  /** Hands every line the engine prints to `onLine`, and a failure of the engine (it crashed) to `onError`. */
  listen(onLine: (line: string) => void, onError: (error: Error) => void): void
  close(): void
}

/** What workerChannel needs of a Worker (tests give a fake one). */
export interface WorkerLike {
  postMessage(message: string): void
  onmessage: ((event: MessageEvent) => unknown) | null
  onerror: ((event: ErrorEvent) => unknown) | null
  terminate(): void
}

/** The engine's Web Worker as a channel: it posts one output line per message. */
export function workerChannel(worker: WorkerLike): UciChannel {
  return {
    send: (command) => worker.postMessage(command),
    listen(onLine, onError) {
      worker.onmessage = (event) => {
        if (typeof event.data === 'string') onLine(event.data)
      }
      worker.onerror = (event) => {
        event.preventDefault?.()
        onError(new Error(event.message || 'The engine worker failed'))
      }
    },
    close: () => worker.terminate(),
  }
}

export interface UciEngineOptions {
  /** How long the engine may take to answer `uci` and `isready` (its files download first). */
  startTimeoutMs?: number
  /** How much longer than its time cap a search may take before the engine counts as failed. */
  searchGraceMs?: number
}

export const BESTMOVE = /^bestmove\s+(\S+)/

/** The `position` command for a game: its start and the moves since. */
export const positionCommand = ({ startFen, moves }: Pick<EngineSearch, 'startFen' | 'moves'>) =>
  `position fen ${startFen}${moves.length ? ` moves ${moves.join(' ')}` : ''}`

/** The `go` command for a level: depth and time caps. */
export function goCommand(level: EngineSearch['level']): string {
  const { depth, movetimeMs } = LEVEL_SETTINGS[level]
  return `go ${depth ? `depth ${depth} ` : ''}movetime ${movetimeMs}`
}

/** One search as the session runs it: the lines the engine prints while it runs, and what it found. */
interface UciSearch<R> {
  /** Reads a line of this search (`stopped`: its answer will be dropped); true for its `bestmove`, which ends it. */
  read(line: string, stopped: boolean): boolean
  result(): R
  /** Time after which a search still running counts as the engine failing; none when absent. */
  watchdogMs?: number
}

interface Settle<R> {
  resolve(result: R | null): void
  reject(error: Error): void
}

/** A started engine running one search at a time. */
interface UciSession<Q, R> {
  /** Stops the running search (its promise resolves null) and runs this one once that one has answered. */
  search: (request: Q) => Promise<R | null>
  stop: () => void
  quit: () => void
}

/**
 * Starts an engine (`uci` until `uciok`, then `isready` until `readyok`) and resolves with a session; rejects when it
 * fails or does not answer within `startTimeoutMs`, closing the channel. `begin` sends a search's commands. A search
 * asked for while a stopped one has not answered yet starts after that one's `bestmove`; a failure rejects the
 * running and the waiting search and closes the channel.
 */
export function startUciSession<Q, R>(
  channel: UciChannel,
  startTimeoutMs: number,
  begin: (request: Q) => UciSearch<R>,
): Promise<UciSession<Q, R>> {
  return new Promise<UciSession<Q, R>>((resolve, reject) => {
    const searches = new UciSearches(channel, begin)
    const session: UciSession<Q, R> = {
      search: (request) => searches.search(request),
      stop: () => searches.stop(),
      quit: () => searches.quit(),
    }
    searches.started = {
      resolve: () => resolve(session),
      reject,
      timer: setTimeout(() => searches.fail(new Error('The engine did not start in time')), startTimeoutMs),
    }
    try {
      channel.listen(
        (line) => searches.onLine(line),
        (error) => searches.fail(error),
      )
      channel.send('uci')
    } catch (error) {
      searches.fail(error instanceof Error ? error : new Error(String(error)))
    }
  })
}

type Running<R> = Settle<R> & {
  search: UciSearch<R>
  stopped: boolean
  watchdog?: ReturnType<typeof setTimeout>
}

/** The searches of one engine: the one running, the one waiting for a stopped one's answer, and the start. */
class UciSearches<Q, R> {
  phase: 'starting' | 'ready' | 'failed' = 'starting'
  running: Running<R> | null = null
  queued: (Settle<R> & { request: Q }) | null = null
  started!: { resolve(): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> }

  private readonly channel: UciChannel
  private readonly begin: (request: Q) => UciSearch<R>

  constructor(channel: UciChannel, begin: (request: Q) => UciSearch<R>) {
    this.channel = channel
    this.begin = begin
  }

  run(request: Q, settle: Settle<R>) {
    const search = this.begin(request)
    const running: Running<R> = { ...settle, search, stopped: false }
    this.running = running
    if (search.watchdogMs !== undefined)
      running.watchdog = setTimeout(
        () => this.fail(new Error('The engine did not answer in time')),
        search.watchdogMs,
      )
  }

  fail(error: Error) {
    if (this.phase === 'failed') return
    if (this.phase === 'starting') {
      clearTimeout(this.started.timer)
      this.started.reject(error)
    }
    this.phase = 'failed'
    if (this.running) {
      clearTimeout(this.running.watchdog)
      if (!this.running.stopped) this.running.reject(error)
      this.running = null
    }
    this.queued?.reject(error)
    this.queued = null
    this.channel.close()
  }

  onLine(line: string) {
    if (this.phase === 'starting') {
      if (line.trim() === 'uciok') this.channel.send('isready')
      else if (line.trim() === 'readyok') {
        this.phase = 'ready'
        clearTimeout(this.started.timer)
        this.started.resolve()
      }
      return
    }
    if (!this.running || !this.running.search.read(line, this.running.stopped)) return
    const answered = this.running
    this.running = null
    clearTimeout(answered.watchdog)
    if (!answered.stopped) answered.resolve(answered.search.result())
    if (this.queued) {
      const next = this.queued
      this.queued = null
      this.run(next.request, next)
    }
  }

  stop() {
    if (this.queued) {
      this.queued.resolve(null)
      this.queued = null
    }
    if (this.running && !this.running.stopped) {
      this.running.stopped = true
      this.running.resolve(null)
      this.channel.send('stop')
    }
  }

  search(request: Q): Promise<R | null> {
    if (this.phase === 'failed') return Promise.reject(new Error('The engine has failed'))
    this.stop()
    return new Promise<R | null>((resolve, reject) => {
      if (this.running) this.queued = { request, resolve, reject }
      else this.run(request, { resolve, reject })
    })
  }

  quit() {
    this.stop()
    if (this.phase === 'failed') return
    this.phase = 'failed'
    this.channel.send('quit')
    this.channel.close()
  }
}

/**
 * Starts the engine (`uci` until `uciok`, then `isready` until `readyok`) and resolves with it; rejects when it
 * fails or does not answer within `startTimeoutMs`, closing the channel.
 */
export async function startUciEngine(
  channel: UciChannel,
  options: UciEngineOptions = {},
): Promise<ChessEngine> {
  const { startTimeoutMs = 30_000, searchGraceMs = 10_000 } = options
  let skill: number | undefined
  const session = await startUciSession<EngineSearch, string | null>(channel, startTimeoutMs, (search) => {
    const settings = LEVEL_SETTINGS[search.level]
    if (skill !== settings.skill) {
      channel.send(`setoption name Skill Level value ${settings.skill}`)
      skill = settings.skill
    }
    channel.send(positionCommand(search))
    channel.send(goCommand(search.level))
    let move: string | null = null
    return {
      watchdogMs: settings.movetimeMs + searchGraceMs,
      read(line) {
        const match = BESTMOVE.exec(line)
        if (!match) return false
        move = match[1] === '(none)' ? null : match[1]
        return true
      },
      result: () => move,
    }
  })
  return { bestMove: (search) => session.search(search), stop: session.stop, quit: session.quit }
}

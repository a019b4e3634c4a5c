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

const BESTMOVE = /^bestmove\s+(\S+)/

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
function startUciSession<Q, R>(
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

/** A score as UCI prints it, from the side to move's view: centipawns or moves to mate (mate 0: it is mated). */
export type UciScore = { cp: number } | { mate: number }

/** One of the engine's best lines (MultiPV): its rank, the depth reached, its score and its moves in UCI. */
export interface EngineLine {
  multipv: number
  depth: number
  score: UciScore
  pv: string[]
}

const INFO_SCORE = /\bscore (cp|mate) (-?\d+)/
const INFO_DEPTH = /\bdepth (\d+)/
const INFO_MULTIPV = /\bmultipv (\d+)/
const INFO_BOUND = /\b(?:lower|upper)bound\b/

/** The moves after ' pv ', the last field of an info line. */
function pvOf(line: string): string[] {
  const at = line.indexOf(' pv ')
  return at < 0
    ? []
    : line
        .slice(at + 4)
        .trim()
        .split(/\s+/)
}

/**
 * Reads an `info` line that carries a score ('info depth 12 multipv 2 score cp -31 ... pv e7e5 g1f3'); null for
 * other lines and for a bound (a score the search has not settled).
 */
export function parseInfoLine(line: string): EngineLine | null {
  if (!line.startsWith('info ') || INFO_BOUND.test(line)) return null
  const score = INFO_SCORE.exec(line)
  const depth = INFO_DEPTH.exec(line)
  if (!score || !depth) return null
  const value = Number(score[2])
  return {
    multipv: Number(INFO_MULTIPV.exec(line)?.[1] ?? 1),
    depth: Number(depth[1]),
    score: score[1] === 'cp' ? { cp: value } : { mate: value },
    pv: pvOf(line),
  }
}

/**
 * One analysis: a position, how far to search (a depth in plies, a number of nodes, or both: it stops at the first
 * reached) and how many best lines to keep.
 */
export type AnalysisRequest = {
  fen: string
  multiPv: number
  /**
   * Searched as a new engine would search it, however this one was started and whatever it searched before: on one
   * thread, with a hash of FRESH_HASH_MB cleared first (`ucinewgame`: the hash and the move histories). With a node
   * count, the same position then gets the same answer on any machine, loaded or not.
   */
  fresh?: boolean
} & ({ depth: number; nodes?: number } | { nodes: number; depth?: number })

/** The hash of a fresh search, MB: the multi-threaded build's on the analysis board, so it is left as it is there. */
export const FRESH_HASH_MB = 64

/** The `go` command of an analysis: its depth and node caps. */
export const analysisGoCommand = ({ depth, nodes }: AnalysisRequest) =>
  [
    'go',
    ...(depth === undefined ? [] : [`depth ${depth}`]),
    ...(nodes === undefined ? [] : [`nodes ${nodes}`]),
  ].join(' ')

export interface AnalysisEngine {
  /**
   * Analyses a position to the depth or node count; `onLines` hears the best lines (ranked) as the search deepens.
   * Resolves with the last lines, or null when stopped (another analysis or `stop`); rejects when the engine fails.
   */
  analyse(request: AnalysisRequest, onLines?: (lines: EngineLine[]) => void): Promise<EngineLine[] | null>
  stop(): void
  quit(): void
  readonly threads?: number // as startUciAnalysis was given them; 1 when absent
}

/**
 * Starts an engine for analysis (full strength, `setoption name MultiPV`), one search at a time: a new analysis
 * stops the running one, and starts once that one's `bestmove` has come.
 */
export async function startUciAnalysis(
  channel: UciChannel,
  options: UciEngineOptions & { threads?: number } = {},
): Promise<AnalysisEngine> {
  const { startTimeoutMs = 30_000, threads = 1 } = options
  let multiPv = 1
  // What the engine runs on: its threads, one for a fresh search; the hash once a fresh search has set it.
  let engineThreads = threads
  let freshHash = false
  type Asked = { request: AnalysisRequest; onLines?: (lines: EngineLine[]) => void }
  const session = await startUciSession<Asked, EngineLine[]>(
    channel,
    startTimeoutMs,
    ({ request, onLines }) => {
      if (request.multiPv !== multiPv) {
        multiPv = request.multiPv
        channel.send(`setoption name MultiPV value ${multiPv}`)
      }
      const wanted = request.fresh ? 1 : threads
      if (wanted !== engineThreads) {
        engineThreads = wanted
        channel.send(`setoption name Threads value ${wanted}`)
      }
      if (request.fresh && !freshHash) {
        freshHash = true
        channel.send(`setoption name Hash value ${FRESH_HASH_MB}`)
      }
      if (request.fresh) {
        channel.send('ucinewgame')
        // As UCI asks after `ucinewgame`; the engine reads its commands in order, and read() passes over `readyok`.
        channel.send('isready')
      }
      channel.send(`position fen ${request.fen}`)
      channel.send(analysisGoCommand(request))
      let lines: EngineLine[] = []
      return {
        read(line, stopped) {
          const info = parseInfoLine(line)
          if (!info) return BESTMOVE.test(line)
          if (stopped || info.multipv > request.multiPv) return false
          // A deeper first line starts a new iteration: the lines of the last one are replaced as they come.
          const kept = lines.filter((l) => l.multipv !== info.multipv && l.depth >= info.depth - 1)
          lines = [...kept, info].sort((a, b) => a.multipv - b.multipv)
          onLines?.(lines)
          return false
        },
        result: () => lines,
      }
    },
  )
  if (threads > 1) channel.send(`setoption name Threads value ${threads}`) // a multi-threaded build's
  return {
    analyse: (request, onLines) =>
      // A caller without the types (a script) asking for neither cap is refused: the search would never end.
      request.depth === undefined && request.nodes === undefined
        ? Promise.reject(new Error('An analysis needs a depth or a node count'))
        : session.search({ request, onLines }),
    stop: session.stop,
    quit: session.quit,
    threads,
  }
}

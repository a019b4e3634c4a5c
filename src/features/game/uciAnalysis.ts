// The analysis board's and the game report's side of the UCI wrapper (uciEngine.ts): the lines an engine prints
// while it searches, read into ranked best lines, and the searches by depth or node count that the board and the
// report ask for.
import { BESTMOVE, startUciSession, type UciChannel, type UciEngineOptions } from './uciEngine'

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

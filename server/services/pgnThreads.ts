// Kept games, modules' lines and puzzle sets are read on worker threads (server/services/pgnWorker.mjs), not on the event loop: chess.js takes 30 to
// 80 ms to replay a game of 600 plies, and up to a second when many pieces of a kind stand on the board (each
// queen's move is told apart from every other queen's), and while a request reads one nothing else is answered.
// Threads start when a game is first read, as many as the machine's cores less one (the event loop keeps one), and
// end after a minute without work; a reading waits its turn, at most MAX_WAITING_READINGS of them.
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { GameMistake, mistakePuzzles } from '../../domain/chess/gameMistakes'
import type { GameReading } from '../../domain/chess/gameResult'
import { PgnError, type LineSide } from '../../domain/chess/pgn'
import type { variationPractice } from '../../domain/chess/variations'
import type { readPuzzleSet, SetPuzzle } from '../../domain/chess/puzzleSets'
import { DomainError } from './errors'

export const READER_THREADS = Math.max(1, availableParallelism() - 1)
/** Readings waiting for a thread; one more is answered 503 (a client tries again later). */
export const MAX_WAITING_READINGS = 64
/** An idle thread ends after this long, giving back its memory (chess.js and the reader, loaded through tsx). */
const IDLE_MS = 60_000

/** Every thread busy and MAX_WAITING_READINGS readings waiting: the server is too busy reading games to take another. */
export class ReadersBusy extends DomainError {
  constructor() {
    super(503, 'Service Unavailable', 'The server is reading many games at the moment: try again shortly')
  }
}

type Task =
  | { kind: 'game'; pgn: string; maxMoves: number }
  | { kind: 'line'; pgn: string; side: LineSide }
  | { kind: 'variation'; pgn: string; side: LineSide; key: string; plies: number[] }
  | { kind: 'mistakes'; pgn: string; side: LineSide; mistakes: GameMistake[] }
  | { kind: 'puzzles'; puzzles: SetPuzzle[] }
type Answer = { reading: unknown } | { refusal: string } | { fault: string }

interface Reading {
  task: Task
  resolve(reading: unknown): void
  reject(error: Error): void
}

interface Thread {
  worker: Worker
  /** The reading this thread is on; none while idle. */
  current?: Reading
  idle?: NodeJS.Timeout
  stopped: boolean
}

const threads: Thread[] = []
const waiting: Reading[] = []

function startThread(): Thread {
  const thread: Thread = { worker: new Worker(new URL('./pgnWorker.mjs', import.meta.url)), stopped: false }
  thread.worker.on('message', (answer: Answer) => {
    const reading = thread.current
    thread.current = undefined
    if (reading) {
      if ('reading' in answer) reading.resolve(answer.reading)
      else if ('refusal' in answer) reading.reject(new PgnError(answer.refusal))
      else reading.reject(new Error(`The PGN reader failed: ${answer.fault}`))
    }
    takeNext(thread)
  })
  thread.worker.on('error', (error: Error) => stopThread(thread, error))
  thread.worker.on('exit', (code) =>
    stopThread(thread, new Error(`The PGN reader thread stopped (exit ${code})`)),
  )
  threads.push(thread)
  return thread
}

/** A thread that ended (idle, or failed): its reading, if any, fails; a waiting one gets a new thread. */
function stopThread(thread: Thread, error: Error) {
  if (thread.stopped) return
  thread.stopped = true
  clearTimeout(thread.idle)
  threads.splice(threads.indexOf(thread), 1)
  thread.current?.reject(error)
  thread.current = undefined
  const next = waiting.shift()
  if (next) run(startThread(), next)
}

function run(thread: Thread, reading: Reading) {
  clearTimeout(thread.idle)
  thread.current = reading
  // a busy thread keeps the process alive until its answer; an idle one does not
  thread.worker.ref()
  thread.worker.postMessage(reading.task)
}

function takeNext(thread: Thread) {
  const next = waiting.shift()
  if (next) return run(thread, next)
  thread.worker.unref()
  thread.idle = setTimeout(() => {
    // out of the pool first, so that no reading is handed to a thread on its way out
    stopThread(thread, new Error('The PGN reader thread ended'))
    void thread.worker.terminate()
  }, IDLE_MS).unref()
}

/**
 * Reads a kept game's PGN on a reader thread: its plies and the result its last position gives, or the reader's
 * PgnError; ReadersBusy when too many wait.
 */
export function readGameOffThread(pgn: string, maxMoves: number): Promise<GameReading> {
  return readOffThread({ kind: 'game', pgn, maxMoves }) as Promise<GameReading>
}

/**
 * How many moves the student plays in a module's line, and the keys of its variations (domain/chess/variations.ts),
 * read on a reader thread; the reader's PgnError, or ReadersBusy.
 */
export async function readLineOffThread(
  pgn: string,
  side: LineSide,
): Promise<{ moves: number; variations: string[] }> {
  return (await readOffThread({ kind: 'line', pgn, side })) as { moves: number; variations: string[] }
}

/** A practice of one variation of a stored line, read on a reader thread (variationPractice); or ReadersBusy. */
export async function variationPracticeOffThread(
  pgn: string,
  side: LineSide,
  key: string,
  plies: number[],
): Promise<ReturnType<typeof variationPractice>> {
  const reading = await readOffThread({ kind: 'variation', pgn, side, key, plies })
  return (reading as { practice: ReturnType<typeof variationPractice> }).practice
}

/** A player's mistakes of a kept game made puzzles, read on a reader thread (mistakePuzzles); or ReadersBusy. */
export async function mistakePuzzlesOffThread(
  pgn: string,
  side: LineSide,
  mistakes: GameMistake[],
): Promise<ReturnType<typeof mistakePuzzles>> {
  const reading = await readOffThread({ kind: 'mistakes', pgn, side, mistakes })
  return (reading as { puzzles: ReturnType<typeof mistakePuzzles> }).puzzles
}

/**
 * A module's puzzle set checked on a reader thread (readPuzzleSet: up to 100 puzzles of 29 moves, each move a search of
 * chess.js's): the set as it is stored, or the problem naming its puzzle; or ReadersBusy.
 */
export async function readPuzzleSetOffThread(
  puzzles: SetPuzzle[],
): Promise<ReturnType<typeof readPuzzleSet>> {
  return (await readOffThread({ kind: 'puzzles', puzzles })) as ReturnType<typeof readPuzzleSet>
}

function readOffThread(task: Task): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const reading: Reading = { task, resolve, reject }
    const idle = threads.find((t) => !t.current)
    if (idle) run(idle, reading)
    else if (threads.length < READER_THREADS) run(startThread(), reading)
    else if (waiting.length < MAX_WAITING_READINGS) waiting.push(reading)
    else reject(new ReadersBusy())
  })
}

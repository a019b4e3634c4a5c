// A thread that reads PGN for the server (server/services/pgnThreads.ts holds the other end), so that chess.js
// replaying a long game or line never holds the event loop. It runs the kernel's own reader (domain/chess/,
// TypeScript), loaded through tsx as `npm run dev` and the engine check load TypeScript. Plain JavaScript: Node loads
// it as it is, from the checkout, both from source and from the compiled server (as server/db/pgliteWorker.mjs).
//
// In: { kind: 'game', pgn, maxMoves }, { kind: 'line', pgn, side }, { kind: 'variation', pgn, side, key, plies },
// { kind: 'mistakes', pgn, side, mistakes } or { kind: 'puzzles', puzzles }, one at a time. Out: { reading } (a game's
// plies and result; a line's moves for the student and its variations' keys; a practised variation's moves for the
// student and the moves missed, or why not; a kept game's mistakes made puzzles, or why not; a puzzle set as it is
// stored, or the problem naming its puzzle), { refusal } (the reader's sentence naming what is wrong), or { fault }
// (anything else, a fault of the reader's).
import { parentPort } from 'node:worker_threads'
import { tsImport } from 'tsx/esm/api'

const { readGame } = await tsImport('../../domain/chess/gameResult.ts', import.meta.url)
const { parsePgn, studentMoves } = await tsImport('../../domain/chess/pgn.ts', import.meta.url)
const { variations, variationPractice } = await tsImport('../../domain/chess/variations.ts', import.meta.url)
const { mistakePuzzles } = await tsImport('../../domain/chess/gameMistakes.ts', import.meta.url)
const { readPuzzleSet } = await tsImport('../../domain/chess/puzzleSets.ts', import.meta.url)

const readers = {
  game: ({ pgn, maxMoves }) => readGame(pgn, { maxMoves }),
  line: ({ pgn, side }) => {
    const line = parsePgn(pgn)
    return { moves: studentMoves(line, side), variations: variations(line).map((v) => v.key) }
  },
  variation: ({ pgn, side, key, plies }) => ({
    practice: variationPractice(parsePgn(pgn), side, key, plies),
  }),
  mistakes: ({ pgn, side, mistakes }) => ({ puzzles: mistakePuzzles(parsePgn(pgn), side, mistakes) }),
  puzzles: ({ puzzles }) => readPuzzleSet(puzzles),
}

parentPort.on('message', (task) => {
  try {
    parentPort.postMessage({ reading: readers[task.kind](task) })
  } catch (error) {
    if (error instanceof Error && error.name === 'PgnError')
      parentPort.postMessage({ refusal: error.message })
    else parentPort.postMessage({ fault: String(error instanceof Error ? error.stack : error) })
  }
})

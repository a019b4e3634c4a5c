// `npm run puzzles:mine`: the tactics trainer's starter set (server/db/puzzles/starter.json), mined from games the
// engine plays against itself here (no one else's games, so no one else's rights). Runs the package's engine
// (Stockfish 19 lite, single-threaded) in Node, as scripts/engine-strength.mjs does, through the analysis side of the
// board's UCI wrapper (src/features/game/uciAnalysis.ts), and keeps what the kernel's rules accept
// (domain/chess/puzzles.ts: verifyPuzzle).
//
// Each game is replayable from the seed: its two players get levels 1..6 (of 8) from the seeded dice (mulberry32);
// at each ply a search of --scout-nodes nodes (3 lines) ranks the moves, and the player picks from the dice: a random
// legal move, the second or third line, or the best, the weaker the level the more often the first two. The scout's
// scores mark the candidates: a move that lost a blunder's worth of winning chances (0.3) and after which the scout's
// best answer is the only good one (isOnlyMove on its lines). Each candidate is then verified with searches of
// --nodes nodes (each fresh: a cleared hash on one thread, so the same on any machine).
// Options: --seed S (default 1), --games N (the games to play, default 400), --target N (stop handing out games once
// N puzzles are kept: the games played are then a prefix, printed, so `--games` replays them), --nodes N (each
// verifying search, default 120000), --scout-nodes N (default 10000), --jobs N (processes, default 2),
// --out FILE (default server/db/puzzles/starter.json). The file is rewritten as puzzles come in.
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fork } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { register } from 'tsx/esm/api'
import { nodeStockfish } from './node-stockfish.mjs'
import { Chess } from 'chess.js'
import * as prettier from 'prettier'

register()
const { startUciAnalysis } = await import('../src/features/game/uciAnalysis.ts')
const { verifyPuzzle, evaluationOf, isOnlyMove } = await import('../domain/chess/puzzles.ts')
const { judgeMove } = await import('../domain/chess/gameReport.ts')

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const MAX_PLIES = 160
const ADJUDICATE_MATERIAL = 10
const ADJUDICATE_PLIES = 6
/** Plies from the start where a player picks among the scout's lines evenly (the games' openings vary). */
const OPENING_PLIES = 8
/** Per level: the chance of a random legal move, and of the scout's second or third line. */
const LEVELS = {
  1: { random: 0.3, worse: 0.3 },
  2: { random: 0.2, worse: 0.3 },
  3: { random: 0.12, worse: 0.28 },
  4: { random: 0.08, worse: 0.25 },
  5: { random: 0.05, worse: 0.2 },
  6: { random: 0.03, worse: 0.15 },
  7: { random: 0.015, worse: 0.1 },
  8: { random: 0, worse: 0.05 },
}
/** The levels the games are played at, 1..PLAYED_LEVELS: the weaker ones, whose games hold the most blunders. */
const PLAYED_LEVELS = 6
const VALUES = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 }

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : fallback
}
const settings = {
  seed: Number(option('--seed', 1)),
  games: Number(option('--games', 400)),
  target: Number(option('--target', 0)),
  nodes: Number(option('--nodes', 120_000)),
  scoutNodes: Number(option('--scout-nodes', 10_000)),
  jobs: Math.max(1, Math.min(Number(option('--jobs', 2)), availableParallelism())),
  out: option('--out', join(root, 'server/db/puzzles/starter.json')),
}

/** mulberry32: a small seeded PRNG, so a run can be replayed with --seed. */
function dice(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The package's engine in this thread, behind the board's wrapper. */
const startEngine = async () => startUciAnalysis(await nodeStockfish())

function material(chess) {
  let balance = 0
  for (const row of chess.board())
    for (const square of row) if (square) balance += (square.color === 'w' ? 1 : -1) * VALUES[square.type]
  return balance
}

const uciOf = (m) => m.from + m.to + (m.promotion ?? '')

/**
 * Plays game `index`: returns its candidates, { fen, blunder } for each move the scout's scores judge a blunder.
 * The first search is fresh (a cleared hash), the game's later ones keep its hash: the game depends on the seed only.
 */
async function playGame(engine, index) {
  const random = dice(settings.seed * 1_000_003 + index)
  const levels = { w: 1 + Math.floor(random() * PLAYED_LEVELS), b: 1 + Math.floor(random() * PLAYED_LEVELS) }
  const chess = new Chess()
  const scouted = [] // per ply: { fen, score (side to move's view), move }
  let ahead = 0
  let leader = 0
  while (!chess.isGameOver() && scouted.length < MAX_PLIES) {
    const fen = chess.fen()
    const lines =
      (await engine.analyse({ fen, nodes: settings.scoutNodes, multiPv: 3, fresh: scouted.length === 0 })) ??
      []
    const level = LEVELS[levels[chess.turn()]]
    const roll = random()
    let move
    if (lines.length === 0 || roll < level.random) {
      const legal = chess.moves({ verbose: true })
      move = uciOf(legal[Math.floor(random() * legal.length)])
    } else if (scouted.length < OPENING_PLIES) move = lines[Math.floor(random() * lines.length)].pv[0]
    else if (roll < level.random + level.worse && lines.length > 1)
      move = lines[1 + Math.floor(random() * (lines.length - 1))].pv[0]
    else move = lines[0].pv[0]
    scouted.push({ fen, lines, score: lines[0]?.score, turn: chess.turn(), move })
    chess.move({ from: move.slice(0, 2), to: move.slice(2, 4), promotion: move[4] })
    const balance = material(chess)
    const side = Math.abs(balance) >= ADJUDICATE_MATERIAL ? Math.sign(balance) : 0
    ahead = side !== 0 && side === leader ? ahead + 1 : side !== 0 ? 1 : 0
    leader = side
    if (ahead >= ADJUDICATE_PLIES) break
  }
  const candidates = []
  for (let i = 0; i + 1 < scouted.length; i += 1) {
    const [now, next] = [scouted[i], scouted[i + 1]]
    if (!now.score || !next.score) continue
    const judged = judgeMove(evaluationOf(now.score, now.turn), evaluationOf(next.score, next.turn), now.turn)
    // The scout's lines after the blunder must already show one good answer: the verifying searches are the dear part.
    if (judged === 'blunder' && isOnlyMove(next.lines))
      candidates.push({ fen: now.fen, blunder: now.move, ply: i })
  }
  return { levels, plies: scouted.length, candidates }
}

/** The verifying searches: fresh, --nodes nodes; bestSince is the depth from which the first move stayed. */
function analyser(engine) {
  return async (fen, multiPv) => {
    let current = null
    let since = 0
    const lines =
      (await engine.analyse({ fen, nodes: settings.nodes, multiPv, fresh: true }, (ls) => {
        const first = ls.find((l) => l.multipv === 1)
        if (first && first.pv[0] !== current) {
          current = first.pv[0]
          since = first.depth
        }
      })) ?? []
    return {
      lines: lines.map(({ score, pv }) => ({ score, pv })),
      bestSince: lines[0] && lines[0].pv[0] === current ? since : undefined,
    }
  }
}

const puzzleId = (fen, moves) =>
  createHash('sha256')
    .update(`${fen} ${moves.join(' ')}`)
    .digest('hex')
    .slice(0, 8)

/** A child process: asks for a game, plays and verifies it, sends its puzzles, asks again. */
async function child() {
  const engine = await startEngine()
  const analyse = analyser(engine)
  process.on('disconnect', () => process.exit(0)) // the main process is gone
  process.on('message', async (message) => {
    if (message.done) {
      engine.quit()
      process.exit(0)
    }
    const { index } = message
    const started = performance.now()
    const game = await playGame(engine, index)
    const puzzles = []
    for (const c of game.candidates) {
      const verdict = await verifyPuzzle(c.fen, c.blunder, analyse)
      if (verdict.ok)
        puzzles.push({
          ply: c.ply,
          puzzle: {
            id: puzzleId(c.fen, verdict.moves),
            fen: c.fen,
            moves: verdict.moves,
            rating: verdict.rating,
            themes: verdict.themes,
          },
        })
    }
    process.send({
      index,
      ...game,
      candidates: game.candidates.length,
      puzzles,
      ms: performance.now() - started,
    })
  })
  process.send({ ready: true })
}

/** The position a FEN names, without its move counters. */
const positionKey = (fen) => fen.split(' ').slice(0, 4).join(' ')

/** The kept set: games in order, plies in order, the first puzzle of a position kept; sorted by id. */
function keptSet(results) {
  const seen = new Set()
  const kept = []
  for (const index of [...results.keys()].sort((a, b) => a - b))
    for (const { puzzle } of results.get(index)) {
      const chess = new Chess(puzzle.fen)
      chess.move({
        from: puzzle.moves[0].slice(0, 2),
        to: puzzle.moves[0].slice(2, 4),
        promotion: puzzle.moves[0][4],
      })
      const keys = [positionKey(puzzle.fen), positionKey(chess.fen())]
      if (keys.some((k) => seen.has(k))) continue
      keys.forEach((k) => seen.add(k))
      kept.push(puzzle)
    }
  return kept.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** Writes the set as the project's Prettier settings format it (`prettier --check .` reads the file). */
async function write(puzzles) {
  mkdirSync(dirname(settings.out), { recursive: true })
  const options = (await prettier.resolveConfig(settings.out)) ?? {}
  const body = await prettier.format(JSON.stringify(puzzles), { ...options, filepath: settings.out })
  writeFileSync(`${settings.out}.tmp`, body)
  renameSync(`${settings.out}.tmp`, settings.out)
}

async function main() {
  const { seed, games, target, nodes, scoutNodes, jobs } = settings
  console.log(
    `puzzles:mine: seed ${seed}, up to ${games} games${target ? `, until ${target} puzzles` : ''}, scout ${scoutNodes} nodes, verifying ${nodes} nodes, ${jobs} processes`,
  )
  const started = performance.now()
  const results = new Map()
  let next = 0
  let candidates = 0
  let kept = []
  let writing = Promise.resolve() // one write at a time, in order
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`
  await Promise.all(
    Array.from(
      { length: jobs },
      () =>
        new Promise((resolve, reject) => {
          const worker = fork(fileURLToPath(import.meta.url), args, {
            env: { ...process.env, PUZZLES_MINE_CHILD: '1' },
          })
          const handOut = () => {
            if (next < games && !(target && kept.length >= target)) worker.send({ index: next++ })
            else worker.send({ done: true })
          }
          worker.on('message', (m) => {
            if (m.ready) return handOut()
            results.set(m.index, m.puzzles)
            candidates += m.candidates
            kept = keptSet(results)
            const set = kept
            writing = writing.then(() => write(set))
            console.log(
              `  game ${String(m.index + 1).padStart(4)} (levels ${m.levels.w}-${m.levels.b}, ${m.plies} plies): ${m.candidates} candidates, ${m.puzzles.length} verified in ${(m.ms / 1000).toFixed(1)} s; ${kept.length} kept of ${candidates} candidates after ${results.size} games, ${elapsed()}`,
            )
            handOut()
          })
          worker.on('error', reject)
          worker.on('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`a mining process exited with ${code}`)),
          )
        }),
    ),
  )
  await writing
  const counts = {}
  for (const p of kept) for (const t of p.themes) counts[t] = (counts[t] ?? 0) + 1
  const ratings = kept.map((p) => p.rating).sort((a, b) => a - b)
  console.log(
    `\n${kept.length} puzzles from ${results.size} games (replay: --seed ${seed} --games ${results.size}) in ${elapsed()}`,
  )
  console.log(`themes: ${JSON.stringify(counts)}`)
  if (ratings.length)
    console.log(
      `ratings: min ${ratings[0]}, quartiles ${[0.25, 0.5, 0.75].map((q) => ratings[Math.floor(q * ratings.length)]).join(' ')}, max ${ratings.at(-1)}`,
    )
  console.log(`written to ${settings.out}`)
}

if (process.env.PUZZLES_MINE_CHILD) await child()
else await main()

// `npm run test:engine`: the practice board's levels keep their promise. Runs the package's engine (Stockfish 19,
// its lite single-threaded build, as the browser does) in Node through the board's own UCI wrapper and level table
// (src/features/game/uciEngine.ts), and plays two matches, colours alternating:
//   - Level 8 against random legal moves (the spec's opponent): Level 8 must win at least 9 of 10;
//   - Level 1 against Level 8: Level 1 must lose at least 8 of 10.
// Bounded time: a game ends at mate or a draw by the rules, at MAX_PLIES (a draw), or is adjudicated the way engine
// tournaments do (cutechess's resign rule, on material): a side ahead by ADJUDICATE_MATERIAL pawns for
// ADJUDICATE_PLIES plies in a row wins. Prints each game and the figures; exits 1 when a promise is not kept.
// Options: --games N (per match, default 10), --seed S (the random mover's dice), --jobs N (games at once, default 2).
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { fork } from 'node:child_process'
import { register } from 'tsx/esm/api'
import { nodeStockfish } from './node-stockfish.mjs'
import { Chess } from 'chess.js'

register()
const { startUciEngine } = await import('../src/features/game/uciEngine.ts')

const MAX_PLIES = 300
const ADJUDICATE_MATERIAL = 10
const ADJUDICATE_PLIES = 8
const VALUES = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 }

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(name)
  return i >= 0 ? Number(args[i + 1]) : fallback
}

/** The package's engine in this thread, behind the board's wrapper. */
const startEngine = async () => startUciEngine(await nodeStockfish())

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

function material(chess) {
  let balance = 0
  for (const row of chess.board())
    for (const square of row) if (square) balance += (square.color === 'w' ? 1 : -1) * VALUES[square.type]
  return balance
}

/** One game; a player is { name, move(startFen, moves, chess) -> uci }. Returns the winner's name or null. */
async function playGame(white, black) {
  const chess = new Chess()
  const startFen = chess.fen()
  const moves = []
  let ahead = 0
  let leader = 0
  while (!chess.isGameOver() && moves.length < MAX_PLIES) {
    const player = chess.turn() === 'w' ? white : black
    const uci = await player.move(startFen, moves, chess)
    chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] })
    moves.push(uci)
    const balance = material(chess)
    const side = Math.abs(balance) >= ADJUDICATE_MATERIAL ? Math.sign(balance) : 0
    ahead = side !== 0 && side === leader ? ahead + 1 : side !== 0 ? 1 : 0
    leader = side
    if (ahead >= ADJUDICATE_PLIES)
      return { winner: leader > 0 ? white.name : black.name, how: 'adjudicated', plies: moves.length }
  }
  if (chess.isCheckmate())
    return { winner: chess.turn() === 'w' ? black.name : white.name, how: 'mate', plies: moves.length }
  return { winner: null, how: moves.length >= MAX_PLIES ? 'move cap' : 'draw', plies: moves.length }
}

/** Plays the games handed to this child process (its share) and sends each result. */
async function runGames({ games, seed }) {
  const engines = { a: await startEngine(), b: await startEngine() }
  for (const game of games) {
    const random = dice(seed + game.index)
    const make = (who, engine) =>
      who === 'random'
        ? {
            name: 'Random',
            move: async (_s, _m, chess) => {
              const legal = chess.moves({ verbose: true })
              const m = legal[Math.floor(random() * legal.length)]
              return m.from + m.to + (m.promotion ?? '')
            },
          }
        : {
            name: `Level ${who}`,
            move: async (startFen, moves) => {
              const uci = await engine.bestMove({ startFen, moves, level: who })
              if (!uci) throw new Error(`Level ${who} had no move`)
              return uci
            },
          }
    const white = make(game.white, engines.a)
    const black = make(game.black, engines.b)
    const started = performance.now()
    const result = await playGame(white, black)
    process.send({ ...game, ...result, ms: Math.round(performance.now() - started) })
  }
  engines.a.quit()
  engines.b.quit()
}

// The engine runs only on a process's main thread (in a worker thread it waits for messages instead), so the games
// run in child processes, one per job.
if (process.env.ENGINE_STRENGTH_CHILD) {
  process.once('message', (share) =>
    runGames(share).then(
      () => process.exit(0),
      (error) => {
        console.error(error)
        process.exit(1)
      },
    ),
  )
}

// ---------------------------------------------------------------- main process
else {
  const perMatch = option('--games', 10)
  const seed = option('--seed', Date.now() % 1_000_000)
  const jobs = Math.max(1, Math.min(option('--jobs', 2), availableParallelism()))
  const matches = [
    { name: 'Level 8 vs Random', strong: 8, weak: 'random', needWins: Math.ceil(perMatch * 0.9) },
    { name: 'Level 8 vs Level 1', strong: 8, weak: 1, needWins: Math.ceil(perMatch * 0.8) },
  ]
  const games = []
  for (const match of matches)
    for (let i = 0; i < perMatch; i += 1) {
      const strongWhite = i % 2 === 0
      games.push({
        index: games.length,
        match: match.name,
        white: strongWhite ? match.strong : match.weak,
        black: strongWhite ? match.weak : match.strong,
      })
    }

  console.log(
    `engine strength: ${perMatch} games per match, seed ${seed}, ${jobs} at once; adjudicated at +${ADJUDICATE_MATERIAL} material for ${ADJUDICATE_PLIES} plies, drawn at ${MAX_PLIES} plies`,
  )
  const started = performance.now()
  const results = []
  await Promise.all(
    Array.from({ length: jobs }, (_, job) => {
      const share = games.filter((g) => g.index % jobs === job)
      return new Promise((resolve, reject) => {
        const child = fork(fileURLToPath(import.meta.url), [], {
          env: { ...process.env, ENGINE_STRENGTH_CHILD: '1' },
        })
        child.send({ games: share, seed })
        child.on('message', (r) => {
          results.push(r)
          const label = (w) => (w === 'random' ? 'Random' : `Level ${w}`)
          console.log(
            `  ${r.match.padEnd(18)} game ${String(r.index + 1).padStart(2)}: ${label(r.white)} (white) - ${label(r.black)} (black): ${r.winner ? `${r.winner} wins` : 'draw'} (${r.how}, ${r.plies} plies, ${(r.ms / 1000).toFixed(1)} s)`,
          )
        })
        child.on('error', reject)
        child.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`a game process exited with ${code}`)),
        )
      })
    }),
  )

  let failed = false
  console.log('')
  for (const match of matches) {
    const mine = results.filter((r) => r.match === match.name)
    const wins = mine.filter((r) => r.winner === `Level ${match.strong}`).length
    const mates = mine.filter((r) => r.winner === `Level ${match.strong}` && r.how === 'mate').length
    const losses = mine.filter((r) => r.winner && r.winner !== `Level ${match.strong}`).length
    const ok = wins >= match.needWins
    failed ||= !ok
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${match.name}: Level ${match.strong} won ${wins} of ${mine.length} (${mates} by mate, ${wins - mates} adjudicated), lost ${losses}, drew ${mine.length - wins - losses}; needed ${match.needWins}`,
    )
  }
  console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`)
  process.exit(failed ? 1 : 0)
}

// The analysis board: a visitor opens /analysis and turns the engine on (time to the first evaluation on the bar),
// then asks for the report of a 40-move game (its duration), in Chromium with the engine the app ships. Beside the
// report, its baseline: the same positions searched for the same node count by the same engine build in Node through the
// same UCI wrapper, with no page, worker or React around it.
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'
import { Chess } from 'chess.js'
import { register } from 'tsx/esm/api'
import { newContext, round } from './support.mjs'

/** Kasparov–Topalov, Wijk aan Zee 1999, to Black's 40th move: 80 plies, sharp, with real mistakes in it. */
export const FORTY_MOVES =
  '1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. Be3 Bg7 5. Qd2 c6 6. f3 b5 7. Nge2 Nbd7 8. Bh6 Bxh6 9. Qxh6 Bb7 10. a3 e5 ' +
  '11. O-O-O Qe7 12. Kb1 a6 13. Nc1 O-O-O 14. Nb3 exd4 15. Rxd4 c5 16. Rd1 Nb6 17. g3 Kb8 18. Na5 Ba8 19. Bh3 d5 ' +
  '20. Qf4+ Ka7 21. Rhe1 d4 22. Nd5 Nbxd5 23. exd5 Qd6 24. Rxd4 cxd4 25. Re7+ Kb6 26. Qxd4+ Kxa5 27. b4+ Ka4 ' +
  '28. Qc3 Qxd5 29. Ra7 Bb7 30. Rxb7 Qc4 31. Qxf6 Kxa3 32. Qxa6+ Kxb4 33. c3+ Kxc3 34. Qa1+ Kd2 35. Qb2+ Kd1 ' +
  '36. Bf1 Rd2 37. Rd7 Rxd7 38. Bxc4 bxc4 39. Qxh8 Rd3 40. Qa8 c3 *'

const EVALUATION = /^([+-]\d+\.\d|0\.0|Mate in \d+|Mated in \d+)$/

export async function analysisFigures(browser, base) {
  const context = await newContext(browser, base)
  const page = await context.newPage()
  // A first visit straight to /analysis, then the engine switched on: from the navigation and from the click.
  const t0 = performance.now()
  await page.goto('/analysis')
  await page.getByRole('button', { name: 'Engine' }).waitFor()
  const tClick = performance.now()
  await page.getByRole('button', { name: 'Engine' }).click()
  const bar = page.getByRole('meter', { name: 'Evaluation' })
  for (;;) {
    const text = await bar.getAttribute('aria-valuetext').catch(() => null)
    if (text && EVALUATION.test(text)) break
    if (performance.now() - tClick > 60_000) throw new Error('no evaluation on /analysis within 60 s')
    await page.waitForTimeout(5)
  }
  const tEval = performance.now()
  await page.getByRole('button', { name: 'Engine' }).click()

  await page.getByLabel('Game (PGN)').fill(FORTY_MOVES)
  await page.getByRole('button', { name: 'Load PGN', exact: true }).click()
  const report = page.getByRole('region', { name: 'Game report' })
  const tReport = performance.now()
  await report.getByRole('button', { name: 'Analyse this game' }).click()
  await report.getByRole('table').waitFor({ timeout: 300_000 })
  const reportMs = performance.now() - tReport
  await context.close()

  const node = await nodeBaseline()
  return {
    navigationToEvaluationMs: round(tEval - t0),
    clickToEvaluationMs: round(tEval - tClick),
    reportMs: round(reportMs),
    plies: node.plies,
    nodes: node.nodes,
    nodeBaselineMs: round(node.ms),
    ratio: round(reportMs / node.ms, 2),
  }
}

/** The report's work without the browser: each position of the game, start included, for the report's node count. */
async function nodeBaseline() {
  register()
  const { startUciAnalysis } = await import('../src/features/game/uciAnalysis.ts')
  const { REPORT_NODES } = await import('../src/features/analysis/reportRunner.ts')
  const require = createRequire(import.meta.url)
  const file = require.resolve('stockfish/bin/stockfish-19-lite-single.js')
  const { fetch } = globalThis
  const stockfish = await require('stockfish')(file)
  globalThis.fetch = fetch
  const engine = await startUciAnalysis({
    send: (command) => stockfish.sendCommand(command),
    listen(onLine) {
      stockfish.listener = onLine
    },
    close: () => stockfish.terminate?.(),
  })
  const chess = new Chess()
  chess.loadPgn(FORTY_MOVES)
  const fens = [new Chess().fen(), ...chess.history({ verbose: true }).map((m) => m.after)]
  const t = performance.now()
  for (const fen of fens) await engine.analyse({ fen, nodes: REPORT_NODES, fresh: true, multiPv: 1 })
  const ms = performance.now() - t
  engine.quit()
  return { ms, plies: fens.length - 1, nodes: REPORT_NODES }
}

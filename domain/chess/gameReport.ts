// The game report's judgement, as lichess judges a game (lila's Advice and AccuracyPercent): an evaluation becomes
// the winning chances of the side it favours, a move's loss in winning chances names it an inaccuracy, a mistake or
// a blunder, and each side's accuracy is read from the win percentages the game went through.
// Pure functions of evaluations; the engine that gives them is the SPA's (src/features/game/uciEngine.ts).
import type { Color, Side } from './vocabulary'

/**
 * An evaluation from White's view: centipawns, moves to mate (> 0 White mates, < 0 Black mates) or a finished
 * game's winner (checkmate on the board).
 */
export type Evaluation = { cp: number } | { mate: number } | { won: Side }

/** The losses in winning chances (on the -1..1 scale) from which a move is judged, as lichess uses them. */
export const INACCURACY_LOSS = 0.1
export const MISTAKE_LOSS = 0.2
export const BLUNDER_LOSS = 0.3

export type Judgement = 'inaccuracy' | 'mistake' | 'blunder'
export const JUDGEMENT_GLYPHS: Record<Judgement, '?!' | '?' | '??'> = {
  inaccuracy: '?!',
  mistake: '?',
  blunder: '??',
}

const rawChances = (cp: number) => 2 / (1 + Math.exp(-0.00368208 * cp)) - 1

/**
 * White's winning chances, -1 (Black wins) to 1 (White wins): centipawns capped at ±1000; a mate in n counts as
 * (21 - min(10, n)) × 100 centipawns for the side that mates, so a nearer mate weighs more.
 */
export function winningChances(evaluation: Evaluation): number {
  if ('won' in evaluation) return evaluation.won === 'white' ? 1 : -1
  if ('mate' in evaluation) {
    const cp = (21 - Math.min(10, Math.abs(evaluation.mate))) * 100
    return rawChances(evaluation.mate > 0 ? cp : -cp)
  }
  return rawChances(Math.min(Math.max(-1000, evaluation.cp), 1000))
}

const forMover = (chances: number, mover: Color) => (mover === 'w' ? chances : -chances)

/** How much of the mover's winning chances a move gave away (0 when it kept or improved them). */
export function chancesLost(before: Evaluation, after: Evaluation, mover: Color): number {
  return Math.max(0, forMover(winningChances(before), mover) - forMover(winningChances(after), mover))
}

/**
 * The winning chances from which a game counts as decided: those of 1000 centipawns, lichess's ceiling (its curve
 * is flat beyond it, and its accuracy counts a mate as it). Every mate weighs more.
 */
export const DECISIVE_CHANCES = rawChances(1000)

/** Whether both evaluations are decided for the same side (a mate, a checkmate or 1000 centipawns and more). */
export function bothDecisive(before: Evaluation, after: Evaluation): boolean {
  const [a, b] = [winningChances(before), winningChances(after)]
  return (
    (a >= DECISIVE_CHANCES && b >= DECISIVE_CHANCES) || (a <= -DECISIVE_CHANCES && b <= -DECISIVE_CHANCES)
  )
}

/**
 * The judgement of a move from the evaluations before and after it; null for a good move, and for any move when the
 * game was decided for the same side before and after it (a mate kept, however long, a won game still won, a lost
 * one still lost), as lichess marks no move between two such evaluations.
 */
export function judgeMove(before: Evaluation, after: Evaluation, mover: Color): Judgement | null {
  if (bothDecisive(before, after)) return null
  const loss = chancesLost(before, after, mover)
  if (loss >= BLUNDER_LOSS) return 'blunder'
  if (loss >= MISTAKE_LOSS) return 'mistake'
  if (loss >= INACCURACY_LOSS) return 'inaccuracy'
  return null
}

/** White's win percentage, 0..100. */
export const winPercent = (evaluation: Evaluation) => 50 + 50 * winningChances(evaluation)

/** One move's accuracy, 0..100, from the mover's win percentages before and after it (lichess's curve). */
export function moveAccuracy(beforePercent: number, afterPercent: number): number {
  if (afterPercent >= beforePercent) return 100
  const raw =
    103.1668100711649 * Math.exp(-0.04354415386753951 * (beforePercent - afterPercent)) - 3.166924740191411
  return Math.min(100, Math.max(0, raw + 1))
}

function standardDeviation(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length)
}

/**
 * Each side's accuracy over a game, as lichess computes it: the mean of the moves' accuracies weighted by how
 * much the position swung around them (the standard deviation of the win percentages in a window), averaged with
 * their harmonic mean, so one blunder costs more than a plain mean says. `evaluations` are the positions from the
 * start (index 0) to the end; `firstMover` played the first move. A side with no move has no accuracy.
 */
export function gameAccuracy(
  evaluations: readonly Evaluation[],
  firstMover: Color,
): Record<Side, number | null> {
  const percents = evaluations.map(winPercent)
  const moves = percents.length - 1
  const result: Record<Side, number | null> = { white: null, black: null }
  if (moves < 1) return result
  const windowSize = Math.min(8, Math.max(2, Math.floor(moves / 10)))
  const windows: number[][] = []
  for (let i = 0; i < Math.min(windowSize, percents.length) - 2; i++)
    windows.push(percents.slice(0, windowSize))
  for (let i = 0; i + windowSize <= percents.length; i++) windows.push(percents.slice(i, i + windowSize))
  const weights = windows.map((w) => Math.min(12, Math.max(0.5, standardDeviation(w))))
  const perSide: Record<Side, { accuracy: number; weight: number }[]> = { white: [], black: [] }
  for (let i = 0; i < moves; i++) {
    const white = (i % 2 === 0) === (firstMover === 'w')
    const [before, after] = white
      ? [percents[i], percents[i + 1]]
      : [100 - percents[i], 100 - percents[i + 1]]
    perSide[white ? 'white' : 'black'].push({
      accuracy: moveAccuracy(before, after),
      weight: weights[i] ?? 0.5,
    })
  }
  for (const side of ['white', 'black'] as const) {
    const list = perSide[side]
    if (!list.length) continue
    const totalWeight = list.reduce((a, m) => a + m.weight, 0)
    const weighted = list.reduce((a, m) => a + m.accuracy * m.weight, 0) / totalWeight
    const harmonic = list.length / list.reduce((a, m) => a + 1 / Math.max(1, m.accuracy), 0)
    result[side] = (weighted + harmonic) / 2
  }
  return result
}

/** An evaluation as the bar writes it, from White's view: '+1.3', '-0.4', '0.0', 'Mate in 3', 'Checkmate'. */
export function evaluationText(evaluation: Evaluation): string {
  if ('won' in evaluation) return 'Checkmate'
  if ('mate' in evaluation) return `Mate in ${Math.abs(evaluation.mate)}`
  const pawns = Math.round(evaluation.cp / 10) / 10
  return pawns === 0 ? '0.0' : `${pawns > 0 ? '+' : ''}${pawns.toFixed(1)}`
}

/** A move of the game as the report judges it. */
export interface ReportMove {
  /** The move's index in the game (0 for the first move). */
  ply: number
  color: Color
  judgement: Judgement | null
  /** The loss in winning chances, 0..2. */
  loss: number
  /** The engine's move in the position before, in SAN, when it is not the move played. */
  better?: string
}

export interface GameReport {
  moves: ReportMove[]
  /** The evaluation of each position of the game, from the start (index 0) to the end: one more than the moves. */
  evaluations: Evaluation[]
  counts: Record<Side, Record<Judgement, number>>
  accuracy: Record<Side, number | null>
}

/** Whether the evaluation is a mate against `mover`: a certainty the engine found, not an estimate. */
const mateAgainst = (evaluation: Evaluation, mover: Color) =>
  'mate' in evaluation && (mover === 'w' ? evaluation.mate < 0 : evaluation.mate > 0)

/**
 * The report of a game from the evaluations of its positions (start to end, one more than the moves) and the
 * engine's best move in each position before a move (SAN; undefined where there was none). The engine's own move is
 * not judged: a fall of the evaluation after it is the limit of the engine's search, not the player's mistake;
 * unless the engine then finds a mate against the mover, which proves its search before fell short.
 */
export function buildReport(
  played: readonly { san: string; color: Color }[],
  evaluations: readonly Evaluation[],
  bestMoves: readonly (string | undefined)[],
): GameReport {
  const counts: GameReport['counts'] = {
    white: { inaccuracy: 0, mistake: 0, blunder: 0 },
    black: { inaccuracy: 0, mistake: 0, blunder: 0 },
  }
  const moves = played.map(({ san, color }, ply): ReportMove => {
    const best = bestMoves[ply]
    const before = evaluations[ply]
    const after = evaluations[ply + 1]
    const judgement = best === san && !mateAgainst(after, color) ? null : judgeMove(before, after, color)
    if (judgement) counts[color === 'w' ? 'white' : 'black'][judgement]++
    return {
      ply,
      color,
      judgement,
      loss: chancesLost(before, after, color),
      ...(judgement && best && best !== san && { better: best }),
    }
  })
  return {
    moves,
    evaluations: [...evaluations],
    counts,
    accuracy: gameAccuracy(evaluations, played[0]?.color ?? 'w'),
  }
}

/**
 * The order 'Next mistake' visits the judged moves in: blunders first, then mistakes, then inaccuracies, each
 * group by the loss, largest first (plies).
 */
export function worstMoves(report: GameReport): number[] {
  const rank: Record<Judgement, number> = { blunder: 0, mistake: 1, inaccuracy: 2 }
  return report.moves
    .filter((m) => m.judgement)
    .sort((a, b) => rank[a.judgement!] - rank[b.judgement!] || b.loss - a.loss || a.ply - b.ply)
    .map((m) => m.ply)
}

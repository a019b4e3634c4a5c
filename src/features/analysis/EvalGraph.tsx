import { type GameReport, type Judgement, winningChances } from '@domain/chess/gameReport'
import { START } from '@/features/lines/lineNavigation'

type Props = {
  report: GameReport | null
  /** The node of each reported move (the report's ply i is node reported[i]). */
  reported: readonly number[]
  current: number
  onSelect: (id: number) => void
}

const WIDTH = 600
const HEIGHT = 120
const JUDGEMENT_COLOURS: Record<Judgement, string> = {
  inaccuracy: '#56b4e9',
  mistake: '#e69f00',
  blunder: '#db3031',
}

/**
 * White's winning chances over the game once it is reported (lichess's scale, so a mate stays on the chart instead
 * of flattening it), the judged moves as dots, the move shown marked. A point, or the column around it, goes to its
 * move; the page's arrow keys and Home/End step through the moves while the graph has focus.
 */
export function EvalGraph({ report, reported, current, onSelect }: Props) {
  if (!report || report.evaluations.length < 2) return null
  const nodes = [START, ...reported.slice(0, report.evaluations.length - 1)]
  const step = WIDTH / (nodes.length - 1)
  const x = (i: number) => i * step
  const y = (i: number) => (HEIGHT / 2) * (1 - winningChances(report.evaluations[i]))
  const points = nodes.map((_, i) => `${x(i).toFixed(1)},${y(i).toFixed(1)}`).join(' ')
  const shown = nodes.indexOf(current)
  return (
    <svg
      className="eval-graph"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label="Evaluation graph: White's advantage move by move"
      tabIndex={0}
    >
      <rect className="eval-graph__black" width={WIDTH} height={HEIGHT} />
      <polygon className="eval-graph__white" points={`0,${HEIGHT} ${points} ${WIDTH},${HEIGHT}`} />
      <line className="eval-graph__middle" x1={0} y1={HEIGHT / 2} x2={WIDTH} y2={HEIGHT / 2} />
      <polyline className="eval-graph__line" points={points} />
      {shown >= 0 && <line className="eval-graph__current" x1={x(shown)} y1={0} x2={x(shown)} y2={HEIGHT} />}
      {report.moves.map(
        (move) =>
          move.judgement && (
            <circle
              key={move.ply}
              className="eval-graph__mark"
              cx={x(move.ply + 1)}
              cy={y(move.ply + 1)}
              r={5}
              fill={JUDGEMENT_COLOURS[move.judgement]}
            />
          ),
      )}
      {shown >= 0 && <circle className="eval-graph__shown" cx={x(shown)} cy={y(shown)} r={6} />}
      {nodes.map((id, i) => (
        <rect
          key={id}
          className="eval-graph__hit"
          data-ply={i}
          x={Math.max(0, x(i) - step / 2)}
          width={i === 0 || i === nodes.length - 1 ? step / 2 : step}
          height={HEIGHT}
          onClick={() => onSelect(id)}
        />
      ))}
    </svg>
  )
}

import { evaluationText, winningChances, type Evaluation } from '@domain/chess/gameReport'
import { sanOfUcis } from '@domain/chess/moveTree'
import { evaluationOf, turnOf } from './evaluation'
import type { LiveState } from './useAnalysisEngine'

/** White's share of the bar, with the evaluation written ('+1.3', 'Mate in 3'); a meter for assistive technology. */
export function EvalBar({ evaluation }: { evaluation: Evaluation | null }) {
  const chances = evaluation ? winningChances(evaluation) : 0
  const text = evaluation ? evaluationText(evaluation) : '…'
  return (
    <div
      className="eval-bar"
      role="meter"
      aria-label="Evaluation"
      aria-valuemin={-1}
      aria-valuemax={1}
      aria-valuenow={Math.round(chances * 100) / 100}
      aria-valuetext={text}
    >
      <div className="eval-bar__white" style={{ height: `${50 + 50 * chances}%` }} />
      <span className="eval-bar__text">{text}</span>
    </div>
  )
}

/**
 * The best lines of the position shown, each with its evaluation and depth, in SAN, and the threads the engine
 * searches on (several where the page is cross-origin isolated: src/features/game/stockfishWorker.ts).
 */
export function EngineLines({ live, fen }: { live: LiveState; fen: string }) {
  if (live.status === 'off') return null
  if (live.status === 'failed')
    return (
      <p className="error-message" role="alert">
        The engine could not start in this browser.
      </p>
    )
  if (live.status === 'loading')
    return (
      <p className="muted" role="status">
        Engine thinking…
      </p>
    )
  const turn = turnOf(fen)
  return (
    <>
      {live.fen !== fen ? (
        <p className="muted" role="status">
          Engine thinking…
        </p>
      ) : (
        <ol className="engine-lines" aria-label="Best lines">
          {live.lines.map((line) => (
            <li key={line.multipv}>
              <strong>{evaluationText(evaluationOf(line.score, turn))}</strong>{' '}
              <span>{sanOfUcis(fen, line.pv.slice(0, 10)).join(' ')}</span>{' '}
              <span className="muted">Depth {line.depth}</span>
            </li>
          ))}
        </ol>
      )}
      <p className="muted">{`Engine: ${live.threads} ${live.threads === 1 ? 'thread' : 'threads'}`}</p>
    </>
  )
}

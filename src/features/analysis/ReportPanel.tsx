import { JUDGEMENT_GLYPHS, type ReportMove } from '@domain/chess/gameReport'
import { progressText, type ReportState } from './reportSlice'

type Props = {
  state: ReportState
  /** The moves of the game (its main line); no report of an empty game. */
  moves: number
  onStart: () => void
  onCancel: () => void
  onNextMistake: () => void
  /** The judged move shown on the board, written ('6... Nf6'), when there is one. */
  shown: { move: ReportMove; text: string } | null
}

const SIDES = ['white', 'black'] as const
/** The report's columns after the side's; on a phone each count is written after its column's name. */
const COLUMNS = ['Inaccuracies (?!)', 'Mistakes (?)', 'Blunders (??)', 'Accuracy'] as const

/** 'Analyse this game', its progress and 'Cancel', then the counts, accuracy and 'Next mistake'. */
export function ReportPanel({ state, moves, onStart, onCancel, onNextMistake, shown }: Props) {
  if (state.status === 'running')
    return (
      <section className="analysis-report" aria-label="Game report">
        <p role="status">{progressText(state)}</p>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </section>
    )
  const report = state.status === 'done' ? state.report : null
  const judged = report?.moves.some((m) => m.judgement)
  return (
    <section className="analysis-report" aria-label="Game report">
      {!report && (
        <button type="button" className="btn btn--primary" onClick={onStart} disabled={moves === 0}>
          Analyse this game
        </button>
      )}
      {state.status === 'cancelled' && <p role="status">Analysis cancelled.</p>}
      {state.status === 'failed' && (
        <p className="error-message" role="alert">
          The engine could not analyse this game.
        </p>
      )}
      {report && (
        <>
          <table className="analysis-report__table">
            <thead>
              <tr>
                <th scope="col">Side</th>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {SIDES.map((side) => (
                <tr key={side}>
                  <th scope="row">{side === 'white' ? 'White' : 'Black'}</th>
                  <td data-label={COLUMNS[0]}>{report.counts[side].inaccuracy}</td>
                  <td data-label={COLUMNS[1]}>{report.counts[side].mistake}</td>
                  <td data-label={COLUMNS[2]}>{report.counts[side].blunder}</td>
                  <td data-label={COLUMNS[3]}>
                    {report.accuracy[side] === null ? '–' : `${Math.round(report.accuracy[side])}%`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {judged ? (
            <button type="button" className="btn" onClick={onNextMistake}>
              Next mistake
            </button>
          ) : (
            <p>No inaccuracies, mistakes or blunders.</p>
          )}
        </>
      )}
      {shown?.move.judgement && (
        <p className="analysis-report__shown" role="status">
          {shown.text}
          {JUDGEMENT_GLYPHS[shown.move.judgement]} is {shown.move.judgement === 'inaccuracy' ? 'an' : 'a'}{' '}
          {shown.move.judgement}.{shown.move.better && ` Better was ${shown.move.better}.`}
        </p>
      )}
    </section>
  )
}

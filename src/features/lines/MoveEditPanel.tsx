import {
  deleteFrom,
  promoteVariation,
  setAsk,
  setComment,
  setStamp,
  type Edited,
} from '@domain/chess/lineEdit'
import { numbered, type ParsedLine } from '@domain/chess/pgn'
import { formatVideoTime, readStamp } from '@domain/chess/videoStamps'
import { variationStart } from '@/features/lines/lineNavigation'

type Props = {
  line: ParsedLine
  selected: number
  onEdit: (edited: Edited & { merge?: string }) => void
  /** The video's current second; null without a video. */
  videoSecond: (() => number | null) | null
}

/** The selected move's comment, its place in the tree, and its video time ('Sync to video'). */
export function MoveEditPanel({ line, selected, onEdit, videoSecond }: Props) {
  const node = line.nodes[selected]
  const stamp = readStamp(node.comment)
  const isMove = selected > 0
  const name = isMove ? numbered(node.moveNumber, node.color, node.san) : 'Start position'
  const keep = (changed: ParsedLine) => onEdit({ line: changed, id: selected })

  function sync() {
    const second = videoSecond?.() ?? null
    if (second === null || Number.isNaN(second)) return
    // Stamped, the next move of the line is selected: a run of clicks follows the video move by move.
    onEdit({ line: setStamp(line, selected, second), id: node.children[0] ?? selected })
  }

  return (
    <fieldset className="line-editor__move">
      <legend>Selected: {name}</legend>
      <label className="field">
        <span>Comment</span>
        <textarea
          name="moveComment"
          rows={2}
          value={stamp.text}
          onChange={(e) =>
            onEdit({ line: setComment(line, selected, e.target.value), id: selected, merge: `c${selected}` })
          }
        />
      </label>
      {isMove && (
        <>
          <div className="row">
            <button type="button" className="btn" onClick={() => onEdit(deleteFrom(line, selected))}>
              Delete from here
            </button>
            <button
              type="button"
              className="btn"
              disabled={variationStart(line, selected) === undefined}
              onClick={() => keep(promoteVariation(line, selected))}
            >
              Promote variation
            </button>
          </div>
          <div className="row line-editor__time">
            <button type="button" className="btn" disabled={!videoSecond} onClick={sync}>
              Sync to video
            </button>
            <span role="status">
              {stamp.seconds === undefined ? 'No video time' : `at ${formatVideoTime(stamp.seconds)}`}
            </span>
            {stamp.seconds !== undefined && (
              <>
                <button type="button" className="btn" onClick={() => keep(setStamp(line, selected, null))}>
                  Clear time
                </button>
                <button
                  type="button"
                  className="btn"
                  onClick={() => keep(setStamp(line, selected, Math.max(0, stamp.seconds! - 1)))}
                >
                  −1 s
                </button>
                <button
                  type="button"
                  className="btn"
                  onClick={() => keep(setStamp(line, selected, stamp.seconds! + 1))}
                >
                  +1 s
                </button>
              </>
            )}
          </div>
          <label className="row">
            <input
              type="checkbox"
              checked={stamp.ask}
              onChange={(e) => keep(setAsk(line, selected, e.target.checked))}
            />
            <span>Ask the student here</span>
          </label>
        </>
      )}
    </fieldset>
  )
}
